import Foundation

/// An error's reason in plain words: the system's sentence for the underlying errno, never a
/// Foundation error domain and code. The caller names the file: a ``PNGError``'s reason is given
/// without its path.
package func plainReason(_ error: Error) -> String {
    if let png = error as? PNGError { return png.message }
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    if ns.domain == NSCocoaErrorDomain {
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "there is no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the device"
        case .fileWriteVolumeReadOnly: return "the file system is read-only"
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "it is not readable text"
        default: break
        }
    }
    let text = ns.localizedDescription
    // Foundation's sentence for an error it has no words for names only a type and a code ("The
    // operation could not be completed. (Module.SomeError error 1.)"); a Swift error's own
    // description says more.
    guard text.hasPrefix("The operation could not be completed") || text.contains("Error Domain=") || text.contains("error 512") else {
        return text
    }
    let own = String(describing: error)
    return ns.domain == NSCocoaErrorDomain || own.isEmpty ? "the operation failed" : own
}

/// Why `folder` (or a file in it) could not be created, in plain words. A file standing where the
/// folder or one of its parents would go is named: Foundation reports that case only as a failed
/// operation, with no reason a reader could act on.
package func folderCreationReason(_ error: Error, creating folder: URL) -> String {
    var ancestor = folder.standardizedFileURL
    while ancestor.path != "/" && !ancestor.path.isEmpty {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { return "\(ancestor.path) is a file, not a folder" }
            break
        }
        ancestor.deleteLastPathComponent()
    }
    return plainReason(error)
}
