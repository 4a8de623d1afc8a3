import BrewKit
import Testing

/// `Format.list`: names in a sentence, as messages and the check summary give them.
@Suite struct FormatListTests {
    @Test func namesAreJoinedAsASentenceJoinsThem() {
        #expect(Format.list([]) == "")
        #expect(Format.list(["protein"]) == "protein")
        #expect(Format.list(["protein", "fats"]) == "protein and fats")
        #expect(Format.list(["recipes", "logs", "sessions"], "or") == "recipes, logs or sessions")
    }
}
