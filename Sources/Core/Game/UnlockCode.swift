import CNettle
import Foundation

/// VIP unlock codes, checked offline: `DECK-ID.SIGNATURE`, the signature an Ed25519 signature over the deck id's
/// UTF-8 bytes in unpadded base64url (86 characters). The publisher signs with a private key that never ships
/// (`scripts/vip-code.sh` shows how); the game holds only the public key, so a code cannot be made from it, and
/// one code opens exactly the deck it names.
public enum UnlockCode {
    /// The publisher's public key (Ed25519, 32 bytes).
    public static let publicKey: [UInt8] = [
        0x87, 0xe4, 0x1b, 0x66, 0x44, 0x7b, 0xfc, 0xf5, 0x48, 0xa3, 0x62, 0x2c, 0xfe, 0xb5, 0xa1, 0x66,
        0xdb, 0xe1, 0x9a, 0xb7, 0x3f, 0x3d, 0x23, 0x31, 0x41, 0xb3, 0x73, 0xa8, 0x70, 0x0f, 0x3c, 0x0f,
    ]

    /// The deck a code opens, or nil when it is not a code signed by `key` (any other text, a changed letter, a
    /// code for a deck with another id). Spaces and line breaks around it, as pasting leaves them, do not count.
    public static func deck(openedBy code: String, key: [UInt8] = publicKey) -> String? {
        let text = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard key.count == 32, let dot = text.lastIndex(of: "."), text.count <= 400 else { return nil }
        let deck = String(text[..<dot])
        guard !deck.isEmpty, let signature = base64url(text[text.index(after: dot)...]), signature.count == 64 else { return nil }
        let message = Array(deck.utf8)
        let valid = key.withUnsafeBufferPointer { k in
            message.withUnsafeBufferPointer { m in
                signature.withUnsafeBufferPointer { s in
                    nettle_ed25519_sha512_verify(k.baseAddress, m.count, m.baseAddress, s.baseAddress)
                }
            }
        }
        return valid == 1 ? deck : nil
    }

    /// RFC 4648 §5 without padding; nil for any other character, and for a non-canonical spelling (the last
    /// character's unused bits set), so each signature has exactly one code.
    static func base64url(_ text: Substring) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        guard let data = Data(base64Encoded: standard), data.base64EncodedString() == standard else { return nil }
        return Array(data)
    }
}

/// A code that does not verify, or an entitlements file that cannot take it.
public enum UnlockError: Error, CustomStringConvertible {
    case invalidCode
    case entitlements(String)

    public var description: String {
        switch self {
        case .invalidCode: "not a valid unlock code (DECK-ID.SIGNATURE, as it came with the deck)"
        case .entitlements(let problem): problem
        }
    }
}
