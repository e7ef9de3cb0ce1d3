import ArgumentParser
import Lessons
import Platform
import TextFormat

/// `kape settings`: shows the listening settings, or changes the ones given (one locked, atomic update).
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change the listening settings (default speed, loop repeats, pause after a repeat, dictionary).")

    @Option(help: "Speed a lesson starts at, 0.5 to 2.0.")
    var defaultSpeed: Double?
    @Option(help: "How many times `l` plays the current line, 1 to 99.")
    var loopTimes: Int?
    @Option(help: "Seconds of silence after each pass of a looped line, for speaking (0 to 30).")
    var loopPause: Double?
    @Option(help: "Target language of the German dictionary (FreeDict deu-L: eng, fra, ita …) for kape word and the shadow word mode.")
    var dictionaryLanguage: String?
    @Flag(help: "Print the settings as one JSON object.")
    var json = false

    func validate() throws {
        try OptionCheck.number(defaultSpeed, "--default-speed", ListeningSettings.speedRange)
        try OptionCheck.number(loopTimes, "--loop-times", ListeningSettings.loopTimesRange)
        try OptionCheck.number(loopPause, "--loop-pause", ListeningSettings.loopPauseRange, " s")
        if let l = dictionaryLanguage, !ListeningSettings.isLanguageCode(l) {
            throw ValidationError("--dictionary-language must be a FreeDict language code such as eng or fra, got '\(printable(l))'")
        }
    }

    func run() throws {
        let store = try ProgressCLI.store()
        let settings: ListeningSettings
        if defaultSpeed == nil && loopTimes == nil && loopPause == nil && dictionaryLanguage == nil {
            settings = try store.read().listening
        } else {
            settings = try store.update { data in
                if let s = defaultSpeed { data.listening.defaultSpeed = s }
                if let n = loopTimes { data.listening.loopTimes = n }
                if let p = loopPause { data.listening.loopPause = p }
                if let l = dictionaryLanguage { data.listening.dictionaryLanguage = l }
                return data.listening
            }
        }
        if json {
            var o = JSONLine()
            o.add("default_speed", settings.defaultSpeed, decimals: 2)
            o.add("loop_times", settings.loopTimes)
            o.add("loop_pause", settings.loopPause, decimals: 2)
            o.add("dictionary_language", settings.dictionaryLanguage)
            Console.out(o.text + "\n")
        } else {
            Console.out("""
                default speed  \(fixed(settings.defaultSpeed, 2))×
                loop           \(settings.loopTimes) times\(settings.loopPause > 0 ? ", \(fixed(settings.loopPause, 1)) s pause after each" : "")
                dictionary     German–\(settings.dictionaryLanguage) (freedict-deu-\(settings.dictionaryLanguage))

                """)
        }
    }
}
