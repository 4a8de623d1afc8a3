import BrewData
import BrewKit
import Foundation

extension AppRecipe {
    /// The recipe made to fit the bounds a kitchen recipe's text has (`KitchenRecipe.maximumTextCharacters`):
    /// a longer step is split into several at its sentence ends (at spaces when one sentence is
    /// longer still), so every word is kept; a longer caption is cut at a word, and the sentence
    /// returned says so.
    mutating func fitBounds() -> [String] {
        let limit = KitchenRecipe.maximumTextCharacters
        var notes: [String] = []
        let before = clipped.steps.count
        clipped.steps = clipped.steps.flatMap { Self.pieces(of: $0, limit: limit) }
        if clipped.steps.count != before { notes.append("steps longer than \(limit) characters were split at their sentences (\(before) steps became \(clipped.steps.count))") }
        if let caption = clipped.caption, caption.count > limit {
            var cut = String(caption.prefix(limit - 1))
            if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: cut.startIndex, to: space) > limit / 2 { cut = String(cut[..<space]) }
            clipped.caption = cut + "…"
            notes.append("the description was cut to \(limit) characters (it had \(caption.count)): a kitchen caption holds no more")
        }
        return notes
    }

    /// Text cut into pieces of at most `limit` characters: whole sentences where they fit, else words.
    static func pieces(of text: String, limit: Int) -> [String] {
        guard text.count > limit else { return [text] }
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if character == "\n" || (".!?".contains(character) && next.isWhitespace) {
                sentences.append(current)
                current = ""
            }
        }
        if !current.isEmpty { sentences.append(current) }
        var pieces: [String] = []
        var piece = ""
        func add(_ part: String) {
            if piece.count + part.count > limit, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
            }
            piece += part
        }
        for sentence in sentences {
            if sentence.count <= limit {
                add(sentence)
            } else {
                // One sentence longer than the limit: its words.
                for word in sentence.split(separator: " ", omittingEmptySubsequences: false).map({ String($0) + " " }) {
                    if word.count > limit {
                        for start in stride(from: 0, to: word.count, by: limit) { add(String(Array(word)[start..<min(word.count, start + limit)])) }
                    } else {
                        add(word)
                    }
                }
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
