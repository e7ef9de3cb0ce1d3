import Game
import Testing

/// A sound's clip number is its place in `allCases`, the order the game's bank is loaded in.
@Suite struct RoundSoundIndexTests {
    @Test func eachSoundsIndexIsItsPlaceInTheBank() {
        #expect(RoundSound.allCases.map(\.index) == Array(RoundSound.allCases.indices))
    }
}
