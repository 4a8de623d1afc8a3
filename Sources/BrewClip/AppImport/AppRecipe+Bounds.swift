import BrewData
import BrewKit
import Foundation

extension AppRecipe {
    /// The recipe made to fit the bounds a kitchen recipe's text has (`KitchenRecipe.maximumTextCharacters`):
    /// a longer step is split into several at its sentence ends (at spaces when one sentence is
    /// longer still), so every word is kept; a longer caption is cut at a word, and the sentence
    /// returned says so.
    mutating func fitBounds(meter: AppImportMeter? = nil) throws(AppImportFailure) -> [String] {
        let limit = KitchenRecipe.maximumTextCharacters
        var notes: [String] = []
        let before = clipped.steps.count
        var steps: [String] = []
        for step in clipped.steps { steps += try Self.pieces(of: step, limit: limit, meter: meter, origin: origin) }
        clipped.steps = steps
        if clipped.steps.count != before { notes.append("steps longer than \(limit) characters were split at their sentences (\(before) steps became \(clipped.steps.count))") }
        if let caption = clipped.caption, caption.count > limit {
            var cut = String(caption.prefix(limit - 1))
            if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: cut.startIndex, to: space) > limit / 2 { cut = String(cut[..<space]) }
            clipped.caption = cut + "…"
            notes.append("the description was cut to \(limit) characters (it had \(caption.count)): a kitchen caption holds no more")
        }
        return notes
    }

    /// Text cut into pieces of at most `limit` characters: whole sentences where they fit, else
    /// words, else runs of `limit` characters. One pass over the characters, every count kept as a
    /// number (never counted again), so a 10 MB step costs what reading it costs.
    static func pieces(of text: String, limit: Int, meter: AppImportMeter? = nil, origin: String = "") throws(AppImportFailure) -> [String] {
        guard text.count > limit else { return [text] }
        var pieces: [String] = []
        var piece = "", pieceCount = 0
        func add(_ part: String, _ count: Int) {
            if pieceCount + count > limit, !piece.isEmpty {
                pieces.append(piece)
                piece = ""
                pieceCount = 0
            }
            piece += part
            pieceCount += count
        }
        /// One sentence: whole when it fits, else word by word, a word longer than the limit in runs.
        func addSentence(_ sentence: [Character]) {
            guard sentence.count > limit else { add(String(sentence), sentence.count); return }
            var word: [Character] = []
            func addWord() {
                guard !word.isEmpty else { return }
                if word.count > limit {
                    for start in stride(from: 0, to: word.count, by: limit) {
                        let run = word[start..<min(word.count, start + limit)]
                        add(String(run), run.count)
                    }
                } else {
                    add(String(word), word.count)
                }
                word.removeAll(keepingCapacity: true)
            }
            for character in sentence {
                word.append(character)
                if character == " " { addWord() }
            }
            addWord()
        }
        var sentence: [Character] = []
        var previous: Character?
        var seen = 0
        for character in text {
            // A sentence ends after a line break, or at ".", "!" or "?" followed by white space.
            if let last = previous, ".!?".contains(last), character.isWhitespace {
                addSentence(sentence)
                sentence.removeAll(keepingCapacity: true)
            }
            sentence.append(character)
            if character == "\n" {
                addSentence(sentence)
                sentence.removeAll(keepingCapacity: true)
                previous = nil
            } else {
                previous = character
            }
            seen += 1
            if seen % 65_536 == 0 { try meter?.checkTime(in: origin) }
        }
        if !sentence.isEmpty { addSentence(sentence) }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
