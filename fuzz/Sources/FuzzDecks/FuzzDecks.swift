import Game

/// Any bytes through the decks reader (`DeckLoader.parse`, what `kape play` and `kape decks` read). It must not
/// crash; decks it accepts must hold what the game relies on (ids, titles, unique playable cards); an error must
/// name the file and, when it points into the input, a line that exists.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecks(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = 1 + bytes.lazy.filter { $0 == 0x0A }.count
    do {
        let decks = try DeckLoader.parse(bytes, file: "fuzz.json")
        var ids = Set<String>()
        for d in decks {
            precondition(ids.insert(d.id).inserted, "duplicate deck id \(d.id)")
            precondition(!d.id.isEmpty && !d.title.isEmpty, "deck without id or title")
            precondition(!d.cards.isEmpty, "deck \(d.id) has no cards")
            var folded = Set<String>()
            for c in d.cards { precondition(folded.insert(Forbidden.fold(c)).inserted, "duplicate card \(c)") }
            // The forbidden-word filter runs on every card the game shows.
            let words = Set(d.cards.prefix(4).map(Forbidden.fold))
            for c in d.cards.prefix(16) { _ = Forbidden.matches(c, words) }
        }
    } catch let e as DeckError {
        precondition(e.description.hasPrefix("fuzz.json"), "error without the file name: \(e.description)")
        let rest = e.description.dropFirst("fuzz.json".count)
        if rest.first == ":", let line = Int(rest.dropFirst().prefix { $0.isNumber }) {
            precondition(line >= 1 && line <= lines, "error names line \(line) of \(lines)")
        }
    } catch {
        preconditionFailure("not a DeckError: \(error)")
    }
    return 0
}
