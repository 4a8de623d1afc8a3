import BrewKit
import Testing

/// The words the tool prints into command lines read back as themselves in a POSIX shell.
@Suite struct ShellWordTests {
    @Test(arguments: [
        ("my-coffee", "my-coffee"), ("/home/ana/coffee.d", "/home/ana/coffee.d"),
        ("my coffee", "'my coffee'"), ("Ana's", "'Ana'\\''s'"), ("~/coffee", "'~/coffee'"),
        ("$HOME", "'$HOME'"), ("kaffé", "'kaffé'"), ("", "''"),
    ])
    func quoted(text: String, word: String) {
        #expect(ShellWord.quoted(text) == word)
    }

    @Test func theDefaultJournalNeedsNoOption() {
        #expect(ShellWord.dataOption(nil) == "")
        #expect(ShellWord.dataOption("Data") == "")
        #expect(ShellWord.dataOption("./Data/") == "")
        #expect(ShellWord.dataOption("my coffee/") == " --data 'my coffee'")
        #expect(ShellWord.dataOption("journal") == " --data journal")
    }
}
