import Platform

/// A dictionary that cannot be read as asked: Platform's `FileError`, its path `file:line` when a line is known.
public typealias DictionaryError = FileError

extension FileError {
    public init(file: String, line: Int? = nil, _ message: String) {
        self.init(line.map { "\(file):\($0)" } ?? file, message)
    }
}
