import Foundation
import Synchronization

/// The installed fonts carender draws with, found in a fixed list of folders (no fontconfig: the
/// same files always give the same faces, on every machine).
///
/// Apple's faces are not redistributable, so the system face maps to open substitutes installed by
/// `Tools/install-system-packages`: Inter for San Francisco (same proportions, nine weights with
/// italics), DejaVu Sans Mono for SF Mono, WenQuanYi Micro Hei for PingFang (Chinese), Noto Color
/// Emoji for Apple Color Emoji, and the per-script faces of `cascade`. Fonts asked
/// for by name are looked up among every installed face by PostScript, full or family name; a name
/// that is not installed is a warning naming the substitute.
///
/// Opened faces are immutable and shared, like Core Text's process-wide font cache.
package final class FontCatalog: Sendable {
    package static let shared = FontCatalog()

    /// Folders searched, in order; files within each are taken in sorted order.
    static let searchFolders = ["/usr/share/fonts", "/usr/local/share/fonts"]

    /// The Inter file of each system weight, lightest first (`UIFont.Weight` order), and the CSS
    /// weight each one stands for.
    static let systemWeights: [(weight: Double, cssWeight: Int, file: String)] = [
        (-0.8, 100, "Thin"), (-0.6, 200, "ExtraLight"), (-0.4, 300, "Light"), (0, 400, "Regular"),
        (0.23, 500, "Medium"), (0.3, 600, "SemiBold"), (0.4, 700, "Bold"), (0.56, 800, "ExtraBold"),
        (0.62, 900, "Black"),
    ]
    static let interFolder = "/usr/share/fonts/opentype/inter"
    static let monospacedFiles = ["/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                                  "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"]
    static let chineseFile = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    /// Covers symbols and scripts the others lack (arrows, Hebrew).
    static let symbolsFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let emojiFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The faces tried after the system face for characters a font lacks, in order, regular and
    /// bold: iOS's cascade (PingFang, Apple SD Gothic Neo, Geeza Pro, Kohinoor Devanagari,
    /// Thonburi, Apple Color Emoji…) with Debian's open faces. Arabic, Devanagari and Thai take
    /// Noto's UI faces, drawn to fit Latin line heights as the system's are; WenQuanYi Micro Hei
    /// covers Chinese, Japanese kana and Hangul; DejaVu Sans Hebrew and symbols; Noto Color
    /// Emoji the emoji (tried first for characters with emoji presentation).
    static let cascade: [(regular: String, bold: String)] = {
        let noto = "/usr/share/fonts/truetype/noto/"
        let dejavu = "/usr/share/fonts/truetype/dejavu/"
        return [
            (noto + "NotoSansArabicUI-Regular.ttf", noto + "NotoSansArabicUI-Bold.ttf"),
            (noto + "NotoSansDevanagariUI-Regular.ttf", noto + "NotoSansDevanagariUI-Bold.ttf"),
            (noto + "NotoSansThaiUI-Regular.ttf", noto + "NotoSansThaiUI-Bold.ttf"),
            (chineseFile, chineseFile),
            (dejavu + "DejaVuSans.ttf", dejavu + "DejaVuSans-Bold.ttf"),
            (emojiFile, emojiFile),
        ]
    }()

    /// The faces opened and the files that could not be, by `path#index`, and the index of
    /// installed faces by name once built.
    private struct Opened {
        var faces: [String: FontFace] = [:]
        var failed: Set<String> = []
        var nameIndex: [String: (path: String, index: Int)]?
    }
    private let opened = Mutex(Opened())

    /// The face at `path` (`index` within a collection), opened once; nil when it cannot be read.
    package func face(path: String, index: Int = 0) -> FontFace? {
        let key = "\(path)#\(index)"
        return opened.withLock { opened in
            if let face = opened.faces[key] { return face }
            if opened.failed.contains(key) { return nil }
            do {
                let face = try FontFace(path: path, index: index)
                opened.faces[key] = face
                return face
            } catch {
                opened.failed.insert(key)
                return nil
            }
        }
    }

    /// The system face of `weight` (UIFont.Weight's scale, −0.8…0.62), upright or italic: the
    /// nearest installed Inter weight. Nil only when Inter is not installed.
    package func systemFace(weight: Double, italic: Bool) -> FontFace? {
        var best = Self.systemWeights[3]
        for entry in Self.systemWeights where abs(entry.weight - weight) < abs(best.weight - weight) { best = entry }
        let name: String
        if italic { name = best.file == "Regular" ? "Italic" : best.file + "Italic" } else { name = best.file }
        return face(path: "\(Self.interFolder)/Inter-\(name).otf") ?? (italic ? systemFace(weight: weight, italic: false) : nil)
    }

    /// The monospaced face (DejaVu Sans Mono, bold from semibold up).
    package func monospacedFace(weight: Double) -> FontFace? {
        face(path: Self.monospacedFiles[weight >= 0.3 ? 1 : 0]) ?? face(path: Self.monospacedFiles[0])
    }

    /// The faces tried, in order, for characters the primary face lacks: the system face, then
    /// `cascade`, bold ones for bold text.
    package func fallbackFaces(bold: Bool = false) -> [FontFace] {
        fallbacks.withLock { fallbacks in
            if let found = fallbacks[bold ? 1 : 0] { return found }
            var found = [systemFace(weight: bold ? 0.4 : 0, italic: false)]
            for entry in Self.cascade { found.append(face(path: bold ? entry.bold : entry.regular) ?? face(path: entry.regular)) }
            let faces = found.compactMap { $0 }
            fallbacks[bold ? 1 : 0] = faces
            return faces
        }
    }
    /// The regular and the bold fallback faces, once found (a lock of their own: finding them
    /// opens faces, which takes `opened`'s).
    private let fallbacks = Mutex<[[FontFace]?]>([nil, nil])

    /// The colour emoji face, when installed.
    package var emojiFace: FontFace? { face(path: Self.emojiFile) }

    /// The last resort when no face at all is installed: there is nothing to draw with.
    package var anyFace: FontFace? { fallbackFaces().first }

    /// Looks up an installed face by PostScript name ("Inter-Bold"), full name ("Inter Bold") or
    /// family name ("Inter"), ignoring case, spaces and hyphens.
    package func installedFace(named name: String) -> FontFace? {
        let key = Self.normalized(name)
        let index = opened.withLock { opened in
            if let index = opened.nameIndex { return index }
            let built = buildNameIndex()
            opened.nameIndex = built
            return built
        }
        guard let found = index[key] else { return nil }
        return face(path: found.path, index: found.index)
    }

    /// Whether an installed face answers to `name` (PostScript, full or family name).
    package func hasInstalledFace(named name: String) -> Bool {
        let known = opened.withLock { $0.nameIndex }
        if let known { return known[Self.normalized(name)] != nil }
        return installedFace(named: name) != nil
    }

    /// Style names of a family's plain face.
    static let regularStyles: Set<String> = ["Regular", "Book", "Roman", "Normal"]

    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// Every installed face's names, first file in sorted order winning. Runs once, on the first
    /// lookup by name.
    private func buildNameIndex() -> [String: (path: String, index: Int)] {
        var index: [String: (path: String, index: Int)] = [:]
        let manager = FileManager.default
        for folder in Self.searchFolders {
            guard let enumerator = manager.enumerator(atPath: folder) else { continue }
            let files = enumerator.compactMap { $0 as? String }
                .filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }
                .sorted()
            for file in files {
                let path = folder + "/" + file
                for i in 0..<max(1, FontFace.faceCount(path: path)) {
                    guard let face = try? FontFace(path: path, index: i) else { continue }
                    let full = face.familyName + " " + face.styleName
                    for name in [face.postScriptName, full, face.familyName] {
                        let key = Self.normalized(name)
                        if !key.isEmpty && index[key] == nil { index[key] = (path, i) }
                    }
                    // The family name alone means its upright regular face ("Book" in DejaVu).
                    if Self.regularStyles.contains(face.styleName) { index[Self.normalized(face.familyName)] = (path, i) }
                }
            }
        }
        return index
    }
}
