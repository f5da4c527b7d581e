import Foundation

/// Notices when the script or its assets change: the script itself, the files beside it and those
/// in an `assets` folder beside it (where `UIImage(named:)` looks), compared by size and
/// modification time a few times a second.
///
/// Polling, not inotify: it sees a file replaced by an editor's rename as well as one written in
/// place, costs a few `stat` calls per tick, and keeps the reload within the page's 3-second
/// promise with room to spare.
package struct ScriptWatcher {
    let script: URL

    package init(script: URL) { self.script = script }
    /// Files per folder looked at, so a script kept in a huge folder does not make every tick slow.
    static let maximumFilesPerFolder = 2000
    static let interval: Duration = .milliseconds(250)
    /// Waits this long after a change is seen, so a save in several writes reloads once.
    static let settle: Duration = .milliseconds(100)

    /// A fingerprint of everything watched: equal fingerprints mean nothing changed.
    func fingerprint() -> [String: String] {
        var print: [String: String] = [:]
        let manager = FileManager.default
        print[script.path] = Self.stamp(script.path)
        let folder = script.deletingLastPathComponent()
        for directory in [folder, folder.appendingPathComponent("assets")] {
            guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.prefix(Self.maximumFilesPerFolder) where !name.hasPrefix(".") {
                let path = directory.appendingPathComponent(name).path
                // Folders other than assets, and editors' swap and backup files, are not assets.
                if name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                print[path] = Self.stamp(path)
            }
        }
        return print
    }

    private static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        return "\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ino)"
    }

    /// Calls `changed` after each change until the task is cancelled.
    package func watch(_ changed: @escaping @Sendable () async -> Void) async {
        var last = fingerprint()
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.interval)
            var now = fingerprint()
            guard now != last else { continue }
            try? await Task.sleep(for: Self.settle)
            now = fingerprint()
            last = now
            await changed()
        }
    }
}
