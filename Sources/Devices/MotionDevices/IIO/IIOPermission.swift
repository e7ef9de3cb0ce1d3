import Glibc

/// Access to /dev/iio:deviceN: root-only on most systems. The rule `make install` puts in place gives the seated
/// user the motion sensors' nodes (udev's uaccess tag), as desktops do for game controllers.
public enum IIOPermission {
    public static let ruleFile = "/etc/udev/rules.d/70-kape-iio.rules"
    public static let rules = [
        #"SUBSYSTEM=="iio", KERNEL=="iio:device*", TEST=="in_accel_x_raw", TAG+="uaccess""#,
        #"SUBSYSTEM=="iio", KERNEL=="iio:device*", TEST=="in_anglvel_x_raw", TAG+="uaccess""#,
    ]

    static func fix(node: String) -> [String] {
        ["sudo make install   # in Kape's source folder: installs \(ruleFile) (TAG+=\"uaccess\"); then unplug/replug or reboot",
         "printf '%s\\n' '\(rules[0])' '\(rules[1])' | sudo tee \(ruleFile) && sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=iio"]
    }

    static func groupName(_ gid: gid_t) -> String {
        guard let g = getgrgid(gid), let n = g.pointee.gr_name else { return String(gid) }
        return String(cString: n)
    }

    static func userName(_ uid: uid_t) -> String {
        guard let p = getpwuid(uid), let n = p.pointee.pw_name else { return String(uid) }
        return String(cString: n)
    }
}
