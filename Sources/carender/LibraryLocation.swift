import Foundation

/// Where the CARender library a script links against lives: a SwiftPM build folder holding
/// `libCARender.so`, `Modules/CARender.swiftmodule` (and the modules of the layers it re-exports)
/// and the module maps of the C shims the layers import (`CPNG.build/module.modulemap`,
/// `CText.build/module.modulemap`, `CHost.build/module.modulemap`): a client of a module built without library evolution loads
/// every module it imports, internal imports included.
struct LibraryLocation {
    let directory: URL

    var sharedLibrary: URL { directory.appendingPathComponent("libCARender.so") }
    var modulesDirectory: URL { directory.appendingPathComponent("Modules") }
    var swiftModule: URL { modulesDirectory.appendingPathComponent("CARender.swiftmodule") }
    var cModuleMaps: [URL] {
        ["CPNG", "CText", "CHost"].map { directory.appendingPathComponent("\($0).build/module.modulemap") }
    }

    var isComplete: Bool {
        let manager = FileManager.default
        return ([sharedLibrary, swiftModule] + cModuleMaps).allSatisfy { manager.fileExists(atPath: $0.path) }
    }

    /// `CARENDER_HOME` when set, else the folder of the running `carender` executable.
    static func find() throws -> LibraryLocation {
        if let home = ProcessInfo.processInfo.environment["CARENDER_HOME"], !home.isEmpty {
            let location = LibraryLocation(directory: URL(fileURLWithPath: home).standardizedFileURL)
            guard location.isComplete else {
                throw CLIError("CARENDER_HOME is \(home), but it does not hold libCARender.so, Modules/CARender.swiftmodule and the CPNG.build, CText.build and CHost.build module maps (point it at a build folder such as .build/release)")
            }
            return location
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let location = LibraryLocation(directory: executable.deletingLastPathComponent())
        guard location.isComplete else {
            throw CLIError("the CARender library is not next to carender in \(location.directory.path); build it with `swift build` (it builds libCARender.so too) or set CARENDER_HOME")
        }
        return location
    }
}
