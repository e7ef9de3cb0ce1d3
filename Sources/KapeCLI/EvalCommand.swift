import ArgumentParser
import Motion

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Score detections against truth files in a directory.")

    @Argument(help: "Directory with *.evemu / *.csv traces and *.truth.json beside them.")
    var dir: String

    func run() throws {}
}
