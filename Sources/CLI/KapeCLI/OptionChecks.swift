import ArgumentParser
import Foundation
import Lessons
import Platform

/// The checks every command's `validate()` shares, so a bad command line is always a usage error (exit 2) before
/// anything is read or written.
enum OptionCheck {
    /// A finite number within `range`: NaN, ±inf and values out of range are refused, naming the option.
    static func number(_ value: Double?, _ option: String, _ range: ClosedRange<Double>, _ unit: String = "") throws {
        guard let value else { return }
        guard value.isFinite, range.contains(value) else {
            throw ValidationError("\(option) must be a number from \(text(range.lowerBound)) to \(text(range.upperBound))\(unit), got \(value)")
        }
    }

    static func number(_ value: Int?, _ option: String, _ range: ClosedRange<Int>, _ unit: String = "") throws {
        guard let value else { return }
        guard range.contains(value) else {
            throw ValidationError("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound)\(unit), got \(value)")
        }
    }

    /// A `--device` that names something: not empty, not a bare `wav:`.
    static func device(_ device: String?) throws {
        if let device, device.isEmpty || device == "wav:" { throw ValidationError("--device needs a name (or wav:PATH)") }
    }

    /// A motion DEVICE argument that names something: an empty one would match every device's name.
    static func motionDevice(_ device: String?) throws {
        if let device, device.allSatisfy(\.isWhitespace) {
            throw ValidationError("DEVICE is empty: name a device (/dev/input/eventN, iio:deviceN, part of its name) or leave it out for the first")
        }
    }

    /// Outputs (option name, path; nil when not given) must not be any input nor each other (same file by device
    /// and inode, so links and `./` spellings are caught), nor one of the user's own data files (history,
    /// settings, progress), which every command may read.
    static func outputs(_ outputs: [(String, String?)], inputs: [String?]) throws {
        let named = outputs.compactMap { o in o.1.map { (option: o.0, path: $0) } }
        guard !named.isEmpty else { return }
        do throws(FileError) {
            try FileIdentity.refuseOverlap(outputs: named, inputs: inputs.compactMap { $0 } + files(in: ProgressStore.defaultDirectory()))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The files in a folder (and its subfolders down to `depth`), as inputs an output must not replace.
    static func files(in directory: String, depth: Int = 1) -> [String] {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.flatMap { name -> [String] in
            let path = directory + "/" + name
            return [path] + files(in: path, depth: depth - 1)
        }
    }

    private static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }
}
