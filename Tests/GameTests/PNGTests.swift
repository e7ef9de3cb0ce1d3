import Game
import GameScreens
import Raster
import Testing

/// Reads back what PNGEncoder writes: chunks with their CRCs, and the stored deflate blocks of IDAT.
struct DecodedPNG {
    var width = 0, height = 0
    var rgb: [UInt8] = []

    init(_ d: [UInt8]) throws {
        func be32(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
        try #require(Array(d.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var i = 8
        var idat: [UInt8] = []
        while i < d.count {
            let n = be32(i)
            let typeAndBody = Array(d[(i + 4)..<(i + 8 + n)])
            try #require(PNGEncoder.crc32(typeAndBody) == UInt32(be32(i + 8 + n)))
            let type = String(decoding: typeAndBody.prefix(4), as: UTF8.self)
            if type == "IHDR" { width = be32(i + 8); height = be32(i + 12) }
            if type == "IDAT" { idat += typeAndBody.dropFirst(4) }
            i += 12 + n
        }
        // zlib: 2-byte header, stored blocks (BTYPE 00), Adler-32.
        var raw: [UInt8] = []
        var p = 2
        while true {
            let final = idat[p] & 1 == 1
            try #require(idat[p] & 6 == 0)
            let len = Int(idat[p + 1]) | Int(idat[p + 2]) << 8
            let nlen = Int(idat[p + 3]) | Int(idat[p + 4]) << 8
            try #require(len ^ nlen == 0xFFFF)
            raw += idat[(p + 5)..<(p + 5 + len)]
            p += 5 + len
            if final { break }
        }
        try #require(PNGEncoder.adler32(raw) == UInt32(idat[p]) << 24 | UInt32(idat[p + 1]) << 16 | UInt32(idat[p + 2]) << 8 | UInt32(idat[p + 3]))
        let stride = width * 3 + 1
        try #require(raw.count == stride * height)
        for y in 0..<height {
            try #require(raw[y * stride] == 0)
            rgb += raw[(y * stride + 1)..<((y + 1) * stride)]
        }
    }
}

@Suite struct PNGTests {
    @Test func checksumsMatchKnownValues() {
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func roundTripsPixelsAcrossManyStoredBlocks() throws {
        let w = 300, h = 100  // 90 100 bytes of scanlines: two stored blocks
        let rgb = (0..<(w * h * 3)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let png = try DecodedPNG(PNGEncoder.encode(width: w, height: h, rgb: rgb))
        #expect(png.width == w && png.height == h)
        #expect(png.rgb == rgb)
    }

    @Test func shareCardIsPortraitHDInTheGameColours() throws {
        let result = RoundResult(answers: (0..<7).map { .init(card: "c\($0)", outcome: .correct) })
        let png = try DecodedPNG(ShareCard.png(result: result, deckTitle: "Gurbet"))
        #expect(png.width == 1080 && png.height == 1920)
        func at(_ x: Int, _ y: Int) -> [UInt8] { Array(png.rgb[((y * 1080 + x) * 3)..<((y * 1080 + x) * 3 + 3)]) }
        #expect(at(5, 5) == [0, 0, 0])                 // black background
        #expect(at(5, 600) == [0xE4, 0x1E, 0x20])      // red band
        #expect(at(540, 760) == [0, 0, 0])             // the eagle's body on the red
        let colours = Set(stride(from: 0, to: png.rgb.count, by: 3 * 997).map { png.rgb[$0 + 1] })
        #expect(colours.contains(0xFF))                // neon green / white text present
    }
}
