import ArgumentParser
import CARenderPixels
import CARenderStudio
import Foundation

/// `carender install [--prefix DIR]`: copies carender, the CARender library scripts are compiled
/// against and the preview's page into `DIR/bin` and `DIR/lib/carender`, so the installed
/// `carender` runs from any folder and keeps working when the build folder is cleaned or moved.
///
/// A copy of the `carender` executable alone cannot render: it compiles scripts against
/// `libCARender.so`, its Swift modules and the C shims' headers, which it finds beside itself (a
/// build folder), in `../lib/carender` (an install), or where `CARENDER_HOME` points.
struct InstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install carender and its library under a prefix, to run from any folder.",
        usage: "carender install [--prefix DIR]",
        discussion: """
            Writes DIR/bin/carender and DIR/lib/carender/ (the library, its Swift modules and the \
            C headers scripts are compiled against, and the preview's page). Put DIR/bin on PATH. \
            Run it from a release build (swift build -c release): the installed carender renders \
            as fast as the build.

            Example:
              .build/release/carender install --prefix ~/.local
            """)

    @Option(help: ArgumentHelp("Where to install: DIR/bin and DIR/lib/carender.", valueName: "dir"), completion: .directory)
    var prefix: String = "~/.local"

    func run() throws {
        let source = try LibraryLocation.find()
        let root = URL(fileURLWithPath: NSString(string: prefix).expandingTildeInPath).standardizedFileURL
        let bin = root.appendingPathComponent("bin"), library = root.appendingPathComponent(LibraryLocation.installedSubpath)
        let manager = FileManager.default
        let staging = root.appendingPathComponent("lib/.carender-install-\(getpid())")
        defer { try? manager.removeItem(at: staging) }
        do {
            try manager.createDirectory(at: bin, withIntermediateDirectories: true)
            try? manager.removeItem(at: staging)
            try manager.createDirectory(at: staging.appendingPathComponent("Modules"), withIntermediateDirectories: true)
            try manager.copyItem(at: source.sharedLibrary, to: staging.appendingPathComponent("libCARender.so"))
            // The Swift modules a script loads: CARender and every module it re-exports or imports.
            let modules = try manager.contentsOfDirectory(atPath: source.modulesDirectory.path).filter { name in
                (name.hasPrefix("CARender") && !name.contains("Tests") && !name.hasPrefix("CARenderTest")) &&
                    (name.hasSuffix(".swiftmodule") || name.hasSuffix(".swiftdoc"))
            }
            for name in modules {
                try manager.copyItem(at: source.modulesDirectory.appendingPathComponent(name),
                                     to: staging.appendingPathComponent("Modules").appendingPathComponent(name))
            }
            // The preview's page (`carender preview` looks for it in the library's folder too).
            let page = source.directory.appendingPathComponent(PageResources.bundleName)
            guard manager.fileExists(atPath: page.path) else {
                throw CLIError("\(page.path) is missing: carender preview would have no page to serve (rebuild carender)")
            }
            try manager.copyItem(at: page, to: staging.appendingPathComponent(PageResources.bundleName))
            // The C shims: their headers, and module maps pointing at them.
            for (module, map) in zip(LibraryLocation.cModules, source.cModuleMaps) {
                let headers = try LibraryLocation.umbrellaDirectory(inModuleMap: map)
                let installedHeaders = staging.appendingPathComponent("include").appendingPathComponent(module)
                try manager.createDirectory(at: installedHeaders.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: headers, to: installedHeaders)
                let folder = staging.appendingPathComponent("\(module).build")
                try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                let finalHeaders = library.appendingPathComponent("include").appendingPathComponent(module)
                try "module \(module) {\n    umbrella \"\(finalHeaders.path)\"\n    export *\n}\n"
                    .write(to: folder.appendingPathComponent("module.modulemap"), atomically: true, encoding: .utf8)
            }
            // The library replaces an earlier install in one rename; the executable last, also by rename.
            try? manager.removeItem(at: library)
            try manager.createDirectory(at: library.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.moveItem(at: staging, to: library)
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            let partial = bin.appendingPathComponent(".carender-\(getpid())")
            try? manager.removeItem(at: partial)
            try manager.copyItem(at: executable, to: partial)
            guard rename(partial.path, bin.appendingPathComponent("carender").path) == 0 else {
                throw CLIError("cannot write \(bin.appendingPathComponent("carender").path): \(String(cString: strerror(errno)))")
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("cannot install into \(root.path): \(plainReason(error))")
        }
        print("installed \(bin.appendingPathComponent("carender").path) and \(library.path)")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        if !path.split(separator: ":").contains(Substring(bin.path)) {
            print("add \(bin.path) to PATH to run carender from any folder")
        }
    }
}
