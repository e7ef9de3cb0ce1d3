import Glibc

/// What the interactive commands ask of the process and its streams.
public enum ProcessControl {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Ends the process as `signal` would have, once the caller has saved what it had: the default action, raised.
    public static func die(of signal: Int32) {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }

    public static func exit(_ code: Int32) -> Never { Glibc.exit(code) }

    /// Sets an environment variable unless it is set already (the caller's choice wins).
    public static func setEnvironmentDefault(_ name: String, _ value: String) {
        if getenv(name) == nil { setenv(name, value, 1) }
    }

    /// One byte from standard input, nil at its end or on an error other than an interrupted read.
    public static func readStandardInputByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let n = read(0, &byte, 1)
            if n == 1 { return byte }
            if n < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
