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
    /// Files never looked at: the preview's own log, when its output is redirected to a file
    /// beside the script (each "reloaded" line it writes would otherwise be a change, and the
    /// preview would reload forever).
    let ignored: Set<FileIdentity>

    package init(script: URL, ignoring ignored: Set<FileIdentity> = []) {
        self.script = script
        self.ignored = ignored
    }
    /// Files per folder looked at, so a script kept in a huge folder does not make every tick slow.
    static let maximumFilesPerFolder = 2000
    static let interval: Duration = .milliseconds(250)
    /// Waits this long after a change is seen, so a save in several writes reloads once.
    static let settle: Duration = .milliseconds(100)

    /// A file as the file system names it, whatever path reaches it.
    package struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        /// The regular files this process's standard output and standard error are written to.
        package static func ofStandardOutputs() -> Set<FileIdentity> {
            var found: Set<FileIdentity> = []
            for descriptor in [STDOUT_FILENO, STDERR_FILENO] {
                var info = stat()
                if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { found.insert(FileIdentity(info)) }
            }
            return found
        }
    }

    /// A fingerprint of everything watched: equal fingerprints mean nothing changed.
    func fingerprint() -> [String: String] {
        var print: [String: String] = [:]
        print[script.path] = stamp(script.path) ?? "missing"
        let folder = script.deletingLastPathComponent()
        for directory in [folder, folder.appendingPathComponent("assets")] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.prefix(Self.maximumFilesPerFolder) where !name.hasPrefix(".") {
                // Editors' swap and backup files are not assets.
                if name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
                let path = directory.appendingPathComponent(name).path
                if let stamp = stamp(path, filesOnly: true) { print[path] = stamp }
            }
        }
        return print
    }

    /// Size, modification time and inode of the file at `path`; nil for an ignored file, and with
    /// `filesOnly` for anything but a file (folders other than `assets` are not assets).
    private func stamp(_ path: String, filesOnly: Bool = false) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return filesOnly ? nil : "missing" }
        if filesOnly && (info.st_mode & S_IFMT) != S_IFREG { return nil }
        if ignored.contains(FileIdentity(info)) { return nil }
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
