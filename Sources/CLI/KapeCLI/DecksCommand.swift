import ArgumentParser
import Foundation
import Game
import Platform
import TextFormat

/// Where the decks live: `--decks`, else $KAPE_DECKS, else the data directories (`DataDirectories`).
struct DecksDirectoryOption: ParsableArguments {
    @Option(help: "Load the decks from this directory instead of the installed ones.")
    var decks: String?

    /// The first deck folder found (your own when you have one), for messages.
    var path: String { get throws { try dataDirectory("decks", override: decks, option: "--decks") } }

    /// Every deck folder: your own (`$XDG_DATA_HOME/kape/decks`) and the installed ones, or only `--decks`.
    var paths: [String] { get throws {
        let all = DataDirectories.locateAll("decks", override: decks)
        return all.isEmpty ? [try path] : all
    } }

    /// Every file of the deck folders (inputs no output may replace).
    var files: [String] { ((try? paths) ?? []).flatMap { OptionCheck.files(in: $0) } }

    /// The decks of every folder: your own add to the installed ones, and one with an installed deck's id takes
    /// its place (each folder read with its own forbidden words).
    func load() throws -> [Deck] {
        var merged: [Deck] = []
        do {
            for folder in try paths.reversed() {
                for deck in try DeckLoader.load(directory: folder) {
                    if let i = merged.firstIndex(where: { $0.id == deck.id }) { merged[i] = deck } else { merged.append(deck) }
                }
            }
        } catch let e as DeckError { throw InputError(e.description) }
        return merged
    }
}

struct DecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decks",
        abstract: "List the decks: id, title, cards, VIP and lock state.")

    @Flag(help: "One JSON object per deck: id, title, cards, vip, locked.")
    var json = false

    @OptionGroup var decks: DecksDirectoryOption

    func run() throws {
        let store = LocalStore.warning(path: LocalStore.defaultPath())
        var out = ""
        for d in try decks.load() {
            let locked = d.isLocked(in: store)
            if json {
                var line = JSONLine()
                line.add("id", d.id)
                line.add("title", d.title)
                line.add("cards", d.cards.count)
                line.add("vip", d.vip)
                line.add("locked", locked)
                out += line.text + "\n"
            } else {
                out += "\(d.icon) \(d.title) [\(d.id)]  \(d.cards.count) karta  \(d.difficulty)\(locked ? "  🔒 VIP" : "")\n"
                if !d.description.isEmpty { out += "   \(d.description)\n" }
            }
        }
        Console.out(out)
    }
}

extension LocalStore {
    /// The entitlements, with a warning on stderr when the file is there but unlocked nothing.
    static func warning(path: String) -> LocalStore {
        let store = LocalStore(path: path)
        if let problem = store.problem { Console.err("kape: warning: \(printable(problem))\n") }
        return store
    }
}
