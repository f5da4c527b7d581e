import Foundation

/// Where the CARender library a script links against lives: a SwiftPM build folder holding
/// `libCARender.so`, `Modules/CARender.swiftmodule` (and the modules of the layers it re-exports)
/// and the module maps of the C shims the layers import (`CPNG.build/module.modulemap`,
/// `CText.build/module.modulemap`, `CHost.build/module.modulemap`, `CPixelKernels.build/module.modulemap`,
/// `CMemoryHints.build/module.modulemap`): a client of a module built without library evolution loads
/// every module it imports, internal imports included.
struct LibraryLocation {
    let directory: URL

    var sharedLibrary: URL { directory.appendingPathComponent("libCARender.so") }
    var modulesDirectory: URL { directory.appendingPathComponent("Modules") }
    var swiftModule: URL { modulesDirectory.appendingPathComponent("CARender.swiftmodule") }
    var cModuleMaps: [URL] {
        Self.cModules.map { directory.appendingPathComponent("\($0).build/module.modulemap") }
    }

    /// The C shims whose module maps a script's compile is given.
    static let cModules = ["CPNG", "CText", "CHost", "CPixelKernels", "CMemoryHints"]

    /// Where `carender install` puts the library, under its prefix (beside `bin`).
    static let installedSubpath = "lib/carender"

    /// The folder a module map's `umbrella` line names (the module's headers).
    static func umbrellaDirectory(inModuleMap url: URL) throws -> URL {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.contains("umbrella") }),
              let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
            throw CLIError("\(url.path) names no umbrella folder of headers")
        }
        return URL(fileURLWithPath: String(line[line.index(after: open)..<close]))
    }

    var isComplete: Bool {
        let manager = FileManager.default
        return ([sharedLibrary, swiftModule] + cModuleMaps).allSatisfy { manager.fileExists(atPath: $0.path) }
    }

    /// `CARENDER_HOME` when set, else the folder of the running `carender` executable (a build
    /// folder), else `../lib/carender` from it (where `carender install` puts the library).
    static func find() throws -> LibraryLocation {
        if let home = ProcessInfo.processInfo.environment["CARENDER_HOME"], !home.isEmpty {
            let location = LibraryLocation(directory: URL(fileURLWithPath: home).standardizedFileURL)
            guard location.isComplete else {
                throw CLIError("CARENDER_HOME is \(home), but it does not hold libCARender.so, Modules/CARender.swiftmodule and the CPNG.build, CText.build, CHost.build, CPixelKernels.build and CMemoryHints.build module maps (point it at a build folder such as .build/release)")
            }
            return location
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let beside = LibraryLocation(directory: executable.deletingLastPathComponent())
        if beside.isComplete { return beside }
        let installed = LibraryLocation(directory: executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(installedSubpath).standardizedFileURL)
        if installed.isComplete { return installed }
        throw CLIError("the CARender library is neither next to carender in \(beside.directory.path) nor in \(installed.directory.path): run carender from its build folder, install it with `carender install --prefix DIR`, or set CARENDER_HOME (a copy of the executable alone cannot compile scripts)")
    }
}
