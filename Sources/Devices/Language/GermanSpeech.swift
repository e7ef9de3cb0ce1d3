import AudioDSP
import CEspeak
import Synchronization

public struct SpeechError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// German speech and its IPA from espeak-ng (Debian `libespeak-ng1`, voice `de`), synthesised into a `Clip` that
/// Kape's own engine plays to any sink, so `--device wav:PATH` records it like every other sound.
/// espeak-ng keeps global state and is not reentrant: every call holds one process-wide lock.
public final class GermanSpeech: Sendable {
    /// espeak-ng's output rate.
    public static let rate = 22_050
    /// Words per minute: espeak's default, and a slow one for listening closely.
    public static let normalRate: Int32 = 175, slowRate: Int32 = 95
    /// A word or a phrase; the shadow screen and `kape word` never need more.
    public static let textLimit = 500

    private static let state = Mutex<Bool?>(nil)

    public init() throws(SpeechError) {
        let ok = Self.state.withLock { started -> Bool in
            if let started { return started }
            espeak_ng_InitializePath(nil)
            var good = espeak_ng_Initialize(nil) == ENS_OK
            good = good && espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil) == ENS_OK
            good = good && espeak_ng_SetVoiceByName("de") == ENS_OK
            if good { espeak_SetSynthCallback(collect) }
            started = good
            return good
        }
        guard ok else { throw SpeechError(description: "espeak-ng could not start with its German voice (install Debian's espeak-ng-data)") }
    }

    /// The text spoken once, mono at `rate`.
    public func clip(_ text: String, slow: Bool = false, name: String = "speech") -> Clip {
        let clean = Self.cleaned(text)
        let box = SampleBox()
        Self.state.withLock { _ in
            espeak_ng_SetParameter(espeakRATE, slow ? Self.slowRate : Self.normalRate, 0)
            let bytes = Array(clean.utf8) + [0]
            let user = Unmanaged.passUnretained(box).toOpaque()
            _ = bytes.withUnsafeBytes { b in
                espeak_ng_Synthesize(b.baseAddress, b.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, user)
            }
            _ = espeak_ng_Synchronize()
        }
        return Clip(name: name, rate: Self.rate, channels: 1, samples: box.samples)
    }

    /// espeak-ng's IPA for the text (clause by clause, joined by spaces).
    public func ipa(_ text: String) -> String {
        let clean = Self.cleaned(text)
        return Self.state.withLock { _ -> String in
            espeak_ng_SetParameter(espeakRATE, Self.normalRate, 0)
            var parts: [String] = []
            let bytes = Array(clean.utf8) + [0]
            bytes.withUnsafeBytes { b in
                var pointer: UnsafeRawPointer? = b.baseAddress
                var rounds = 0
                while let p = pointer, p.load(as: UInt8.self) != 0, rounds < Self.textLimit {
                    rounds += 1
                    var cursor: UnsafeRawPointer? = p
                    guard let out = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, espeakPHONEMES_IPA) else { break }
                    let s = String(cString: out).trimmedSpaces
                    if !s.isEmpty { parts.append(s) }
                    pointer = cursor
                }
            }
            return parts.joined(separator: " ")
        }
    }

    /// Controls out (espeak would read some as commands), length bounded.
    static func cleaned(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.lazy.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }.prefix(textLimit)))
    }
}

/// Where the synthesis callback puts the samples of one call.
private final class SampleBox: @unchecked Sendable {
    var samples: [Float] = []
}

private func collect(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let events, let user = events.pointee.user_data else { return 0 }
    let box = Unmanaged<SampleBox>.fromOpaque(user).takeUnretainedValue()
    if let wave, count > 0 {
        box.samples.reserveCapacity(box.samples.count + Int(count))
        for i in 0..<Int(count) { box.samples.append(Float(wave[i]) / 32_768) }
    }
    return 0
}

extension String {
    var trimmedSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
