import Glibc

/// Where Kape's shipped data (decks, lessons, sounds) is found, the way Linux programs find theirs (XDG Base
/// Directory): `$XDG_DATA_HOME/kape/KIND` (default `~/.local/share`), then `KIND` under each `kape/` of
/// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`), then the install prefix the executable sits in
/// (`PREFIX/bin/kape` → `PREFIX/share/kape/KIND`, so a prefix outside `$XDG_DATA_DIRS` still works), then the
/// source tree the executable was built in. A command-line option or `$KAPE_KIND` (e.g. `KAPE_DECKS`) comes first.
public enum DataDirectories {
    /// What to do when the user's data folder cannot be made or written, naming where its path came from: a bare
    /// "/nonexistent: cannot make the folder" leaves a user without HOME guessing.
    public static func userDataAdvice(environment: [String: String]) -> String {
        func shown(_ name: String) -> String { environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" } ?? "\(name) is unset" }
        return "Kape keeps your data in $XDG_DATA_HOME/kape, else $HOME/.local/share/kape (\(shown("XDG_DATA_HOME")), "
            + "\(shown("HOME"))): set XDG_DATA_HOME or HOME to a folder you can write"
    }

    /// The directories searched for `kind`, in order, without the override; `environment` and `executable` are
    /// inputs so the order can be tested.
    public static func searchPath(for kind: String, environment: [String: String], executable: String?) -> [String] {
        var out: [String] = []
        // The spec says relative paths in these variables are invalid and are to be ignored.
        func absolute(_ s: String?) -> String? { s.flatMap { $0.hasPrefix("/") ? $0 : nil } }
        if let home = absolute(environment["XDG_DATA_HOME"]) ?? absolute(environment["HOME"]).map({ $0 + "/.local/share" }) {
            out.append(home + "/kape/" + kind)
        }
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for d in dirs.split(separator: ":").map(String.init) where d.hasPrefix("/") {
            out.append(trimSlash(d) + "/kape/" + kind)
        }
        if let exe = executable {
            let bin = parent(exe)
            out.append(parent(bin) + "/share/kape/" + kind)
            // The build tree: .build/<triple>/<config>/kape → the package root, recognised by its Package.swift.
            var dir = bin
            for _ in 0..<3 {
                dir = parent(dir)
                if isRegularFile(dir + "/Package.swift") { out.append(dir + "/" + kind); break }
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }

    /// The directory to use for `kind`: `override` if given, else `$KAPE_<KIND>`, else the first directory of the
    /// search path that exists. Nil when none does; `searched` then says where it looked.
    public static func locate(_ kind: String, override: String?) -> String? {
        if let override { return override }
        let env = environment()
        if let v = env["KAPE_" + kind.uppercased()], !v.isEmpty { return v }
        return searchPath(for: kind, environment: env, executable: executablePath()).first(where: isDirectory)
    }

    /// Every directory of `kind` that exists, the first-found first: for data that adds up (decks: your own beside
    /// the installed ones). An override or `$KAPE_<KIND>` is the only one.
    public static func locateAll(_ kind: String, override: String?) -> [String] {
        if let override { return [override] }
        let env = environment()
        if let v = env["KAPE_" + kind.uppercased()], !v.isEmpty { return [v] }
        return searchPath(for: kind, environment: env, executable: executablePath()).filter(isDirectory)
    }

    /// The search path of `kind` for this process, for messages.
    public static func searched(_ kind: String) -> [String] {
        searchPath(for: kind, environment: environment(), executable: executablePath())
    }

    /// This process's executable, symlinks resolved (/proc/self/exe).
    public static func executablePath() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { readlink("/proc/self/exe", $0, b.count - 1) }
        }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n], as: UTF8.self)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    static func environment() -> [String: String] {
        var out: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "HOME", "XDG_DATA_DIRS", "KAPE_DECKS", "KAPE_LESSONS", "KAPE_SOUNDS"] {
            if let v = getenv(name) { out[name] = String(cString: v) }
        }
        return out
    }

    static func parent(_ path: String) -> String {
        let p = trimSlash(path)
        guard let slash = p.lastIndex(of: "/") else { return "." }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }

    static func trimSlash(_ s: String) -> String {
        var s = s
        while s.count > 1 && s.hasSuffix("/") { s.removeLast() }
        return s
    }
}
