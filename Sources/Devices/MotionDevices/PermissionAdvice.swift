import Glibc

/// The exact fix for a node we may not read: join its group when that is `input`, else a udev rule that gives
/// the logged-in user access to this device only.
enum PermissionAdvice {
    static func denied(path: String) -> DeniedNode {
        let sys = SysfsInput(eventNode: path)
        let name = sys.name ?? ""
        var st = stat()
        let statOK = stat(path, &st) == 0
        let group = statOK ? groupName(st.st_gid) : "?"
        let mode = statOK ? UInt32(st.st_mode) & 0o777 : 0
        var fix: [String] = []
        if group == "input" {
            fix.append("sudo usermod -aG input \(userName())   # then log out and back in")
        }
        let match = name.isEmpty ? "KERNEL==\"\(path.split(separator: "/").last ?? "")\"" : "ATTRS{name}==\"\(escape(name))\""
        let rule = "SUBSYSTEM==\"input\", KERNEL==\"event*\", \(match), MODE=\"0660\", TAG+=\"uaccess\""
        fix.append("echo '\(rule)' | sudo tee /etc/udev/rules.d/70-kape-motion.rules && sudo udevadm control --reload && sudo udevadm trigger")
        return DeniedNode(path: path, name: name, vendor: sys.id("vendor"), product: sys.id("product"),
                          group: group, mode: mode, fix: fix)
    }

    private static func groupName(_ gid: gid_t) -> String {
        guard let g = getgrgid(gid), let n = g.pointee.gr_name else { return String(gid) }
        return String(cString: n)
    }

    private static func userName() -> String {
        if let p = getpwuid(geteuid()), let n = p.pointee.pw_name { return String(cString: n) }
        return "$USER"
    }

    /// udev match strings are double-quoted; the shell line single-quotes the rule.
    private static func escape(_ s: String) -> String {
        s.replacingAll("\"", with: "\\\"").replacingAll("'", with: "'\\''")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
