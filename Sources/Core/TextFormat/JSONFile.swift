import Foundation

/// What was wrong with a JSON file, said the way every Kape reader says it: the file, the line and column when
/// the JSON itself is broken, else the place in the document (`decks[2].cards`) and what was expected there.
public struct JSONFileError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The place in the document (`events[3].t`), empty for the top level or for broken JSON.
    public var place: String
    public var message: String

    public var description: String {
        let position = line.map { ":\($0)" + (column.map { ":\($0)" } ?? "") } ?? ""
        return "\(file)\(position): " + (place.isEmpty ? "" : "\(place): ") + message
    }
}

/// The one way Kape reads JSON files: Codable, with a decoding error turned into a `JSONFileError` that says
/// where (line and column from Foundation's parser, or the coding path) and what was expected.
public enum JSONFile {
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String,
                                            decoder: JSONDecoder = JSONDecoder()) throws -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            // Valid JSON with a number too large for a Double: out of range, not damaged (a store keeps it in place).
            if case .dataCorrupted(let c) = error, c.codingPath.isEmpty, JSONSyntax.firstProblem(in: data) == nil,
               let number = JSONSyntax.firstUnreadableNumber(in: data) {
                let (line, column) = lineAndColumn(of: number.offset, in: data)
                throw OutOfRange(field: "\(file):\(line):\(column): a number", value: number.text, expected: "at most 1.8e308 in size")
            }
            throw describe(error, data: data, file: file)
        }
    }

    public static func describe(_ error: DecodingError, data: Data, file: String) -> JSONFileError {
        switch error {
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty {
                guard let problem = JSONSyntax.firstProblem(in: data) else {
                    return JSONFileError(file: file, place: "", message: "not valid JSON (\(c.debugDescription))")
                }
                let (line, column) = lineAndColumn(of: problem.offset, in: data)
                return JSONFileError(file: file, line: line, column: column, place: "", message: "not valid JSON: expected \(problem.expected)")
            }
            // Foundation names the Swift type ("Cannot initialize GestureKind from invalid String value up"): say
            // what a reader of the file can act on.
            if c.debugDescription.hasPrefix("Cannot initialize "), let value = c.debugDescription.range(of: " value ") {
                let text = c.debugDescription[value.upperBound...]
                return JSONFileError(file: file, place: place(c.codingPath), message: "\"\(text.prefix(80))\" is not one of the values this field takes")
            }
            return JSONFileError(file: file, place: place(c.codingPath), message: c.debugDescription)
        case .keyNotFound(let key, let c):
            return JSONFileError(file: file, place: place(c.codingPath), message: "missing \"\(key.stringValue)\"")
        case .typeMismatch(let expected, let c), .valueNotFound(let expected, let c):
            return JSONFileError(file: file, place: place(c.codingPath), message: "expected \(name(of: expected))")
        @unknown default:
            return JSONFileError(file: file, place: "", message: "\(error)")
        }
    }

    /// `decks[2].cards`: the coding path as a reader of the file would write it.
    public static func place(_ path: [CodingKey]) -> String {
        var out = ""
        for key in path {
            if let i = key.intValue { out += "[\(i)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type, is UInt64.Type, is Int32.Type: "a whole number"
        case is Double.Type, is Float.Type: "a number"
        case is [Any].Type: "an array"
        default: String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    public static func lineAndColumn(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(max(0, offset), data.count)
        var i = 0
        for byte in data.prefix(end) {
            if byte == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
            i += 1
        }
        let column = String(decoding: data[data.startIndex + lineStart ..< data.startIndex + end], as: UTF8.self).count + 1
        return (line, column)
    }
}
