import Glibc

/// strerror's text for a message, e.g. "Permission denied".
public func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }
