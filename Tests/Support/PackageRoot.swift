/// The package root, from this file's place in it: tests read the shipped lessons, decks, traces and sounds there.
public let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()
