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

/// Makes `path` and the folders above it that are missing (mode 0755 less the umask). The error says which part
/// failed and why: "…/kape: not a folder" for a file in the way, not Foundation's "error 512".
public func makeFolders(_ path: String) throws(FileError) {
    var st = stat()
    if stat(path, &st) == 0 {
        guard st.st_mode & S_IFMT == S_IFDIR else { throw FileError(path, "not a folder") }
        return
    }
    var prefix = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        prefix += "/" + part
        if stat(prefix, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFDIR else { throw FileError(prefix, "not a folder, so \(path) cannot be made") }
            continue
        }
        guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else { throw FileError(prefix, "cannot make the folder: \(errnoText(errno))") }
    }
}

/// `makeFolders`, then that files can be made in it: for outputs written at the end of a long run (a round's
/// frames), so a folder that cannot take them is said before the run, not after.
public func makeWritableFolder(_ path: String) throws(FileError) {
    try makeFolders(path)
    guard access(path, W_OK | X_OK) == 0 else { throw FileError(path, "cannot write files there: \(errnoText(errno))") }
}

/// The process's umask, read without changing it (`umask()` can only be read by setting it, which races with
/// other threads creating files): /proc/self/status has it since Linux 4.7.
public var currentUmask: mode_t {
    if let status = try? Descriptor.open("/proc/self/status", O_RDONLY | O_CLOEXEC) {
        var bytes = [UInt8](repeating: 0, count: 8192)
        let count = (try? status.read(into: &bytes, from: 0)) ?? 0
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
        if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(line.dropFirst(6).filter { $0 != " " && $0 != "\t" }, radix: 8) {
            return mask
        }
    }
    let mask = umask(0o022)
    umask(mask)
    return mask
}
