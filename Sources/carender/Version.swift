/// carender's version: the one place it is declared. `carender --version` prints it; README, the
/// DocC catalog and CHANGELOG.md name it too, and `VersionTests` fails until they agree. Releases
/// follow semantic versioning and are tagged when cut (RELEASING.md).
enum CarenderVersion {
    static let current = "0.3.0"
}
