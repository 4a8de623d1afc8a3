import Foundation

/// Text placed in a command line the tool prints for a person to paste (`init`'s next steps, the
/// brew-along page's `brewguide log` line): a POSIX shell reads it back as the same one word.
public enum ShellWord {
    /// The characters a word may hold unquoted; anything else (a space, `$`, `*`, a quote, a
    /// letter outside ASCII) puts the whole word in single quotes.
    static let plainCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+@%:,".unicodeScalars)

    /// `text` as one shell word: as it is when plain, else in single quotes (a `'` inside as
    /// `'\''`); a leading `~` is quoted too, since the shell would expand it.
    public static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && !text.hasPrefix("~") && text.unicodeScalars.allSatisfy(plainCharacters.contains)
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// ` --data DIR` for a printed command, empty for none or for the default `Data` (trailing
    /// slashes and a leading `./` aside).
    public static func dataOption(_ directory: String?) -> String {
        guard var directory, !directory.isEmpty else { return "" }
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        if directory.hasPrefix("./") { directory.removeFirst(2) }
        return directory == "Data" ? "" : " --data " + quoted(directory)
    }
}
