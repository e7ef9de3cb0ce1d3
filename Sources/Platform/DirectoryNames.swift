import Glibc

/// The entries of a directory, by name ("." and ".." included, unsorted); nil when it cannot be opened (errno
/// says why).
public func directoryNames(_ path: String) -> [String]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return names
}
