import ArgumentParser
import Game

/// `kape unlock CODE`: what the VIP screen does, for scripts; `--list` is "Rikthe Blerjet": what is unlocked.
struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Open a VIP deck with its unlock code (checked offline), or list the VIP decks you have opened.")

    @Argument(help: "The unlock code that came with the deck (DECK-ID.SIGNATURE).")
    var code: String?
    @Flag(help: "List the VIP decks and whether each is open.")
    var list = false
    @OptionGroup var decks: DecksDirectoryOption

    func validate() throws {
        if (code == nil) == !list { throw ValidationError("give an unlock code, or --list") }
    }

    func run() throws {
        let path = LocalStore.defaultPath()
        if let code {
            let id: String
            do { id = try LocalStore.redeem(code, path: path) } catch let e as UnlockError { throw InputError(e.description) }
            let title = (try? decks.load())?.first { $0.id == id }?.title
            Console.out("unlocked '\(id)'" + (title.map { " (\($0))" } ?? " (no deck with this id is installed yet)") + "; kept in \(path)\n")
            return
        }
        let store = LocalStore.warning(path: path)
        let vip = try decks.load().filter(\.vip)
        Console.out(vip.isEmpty ? "No VIP decks.\n" : vip.map { "\($0.isLocked(in: store) ? "🔒 locked" : "✓ open  ")  \($0.id)  \($0.title)\n" }.joined())
    }
}
