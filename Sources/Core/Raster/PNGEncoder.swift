import CZlib

/// Minimal PNG writer: 8-bit RGB, each row filtered "Up" (flat screens become runs of zeros), deflated by zlib at
/// its best level: the 1080×1920 share card is about 13 KB (stored blocks made it 6.2 MB).
public enum PNGEncoder {
    public static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(rgb.count == width * height * 3, "pixel buffer does not match the size")
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header += be32(UInt32(width)) + be32(UInt32(height))
        header += [8, 2, 0, 0, 0]  // depth 8, colour type RGB, deflate, adaptive filter, no interlace
        chunk("IHDR", header, into: &out)

        // Scanlines, each preceded by its filter type: 2 (Up: the difference from the row above), 0 for the first.
        let stride = width * 3
        var raw: [UInt8] = []
        raw.reserveCapacity((stride + 1) * height)
        for y in 0..<height {
            let row = y * stride
            if y == 0 {
                raw.append(0)
                raw += rgb[0..<stride]
            } else {
                raw.append(2)
                for x in 0..<stride { raw.append(rgb[row + x] &- rgb[row - stride + x]) }
            }
        }
        chunk("IDAT", deflate(raw), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// A zlib stream (header, deflate, Adler-32) at level 9.
    public static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, data, uLong(data.count), Z_BEST_COMPRESSION)
        // compressBound is enough by zlib's contract and memory for it is already there: no other outcome.
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        out.removeLast(out.count - Int(size))
        return out
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func crc32<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        out += be32(UInt32(data.count))
        out += typeBytes
        out += data
        out += be32(crc32(typeBytes + data))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}
