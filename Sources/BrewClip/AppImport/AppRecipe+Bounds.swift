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
    /// words, else runs of `limit` characters. One pass over the text's scalars (never fewer than
    /// its characters, so a piece is never over the limit), every count kept as a number, never
    /// counted again: a 10 MB step costs what reading it costs. The import's time budget is
    /// checked every 64 K scalars.
    static func pieces(of text: String, limit: Int, meter: AppImportMeter? = nil, origin: String = "") throws(AppImportFailure) -> [String] {
        guard text.unicodeScalars.count > limit else { return [text] }
        typealias Scalars = String.UnicodeScalarView
        var pieces: [String] = []
        var piece = Scalars(), pieceCount = 0
        func add(_ part: Scalars.SubSequence) {
            let count = part.count
            if pieceCount + count > limit, pieceCount > 0 {
                pieces.append(String(piece))
                piece = Scalars()
                pieceCount = 0
            }
            piece.append(contentsOf: part)
            pieceCount += count
        }
        let scalars = text.unicodeScalars
        /// One sentence: whole when it fits, else word by word, a word longer than the limit in runs.
        func addSentence(_ sentence: Scalars.SubSequence, count: Int) {
            guard count > limit else { add(sentence); return }
            var wordStart = sentence.startIndex, wordCount = 0
            func addWord(to end: Scalars.Index) {
                guard wordCount > 0 else { return }
                var runStart = wordStart
                while wordCount > limit {
                    let runEnd = scalars.index(runStart, offsetBy: limit)
                    add(scalars[runStart..<runEnd])
                    runStart = runEnd
                    wordCount -= limit
                }
                add(scalars[runStart..<end])
                wordCount = 0
            }
            var index = sentence.startIndex
            while index < sentence.endIndex {
                let scalar = scalars[index]
                index = scalars.index(after: index)
                wordCount += 1
                if scalar == " " {
                    addWord(to: index)
                    wordStart = index
                }
            }
            addWord(to: sentence.endIndex)
        }
        var sentenceStart = scalars.startIndex, sentenceCount = 0
        var previous: Unicode.Scalar = " "
        var seen = 0
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            // A sentence ends after a line break, or at ".", "!" or "?" followed by white space.
            if previous == "." || previous == "!" || previous == "?", scalar.properties.isWhitespace {
                addSentence(scalars[sentenceStart..<index], count: sentenceCount)
                sentenceStart = index
                sentenceCount = 0
            }
            index = scalars.index(after: index)
            sentenceCount += 1
            if scalar == "\n" {
                addSentence(scalars[sentenceStart..<index], count: sentenceCount)
                sentenceStart = index
                sentenceCount = 0
                previous = " "
            } else {
                previous = scalar
            }
            seen += 1
            if seen & 0xFFFF == 0 { try meter?.checkTime(in: origin) }
        }
        if sentenceCount > 0 { addSentence(scalars[sentenceStart..<scalars.endIndex], count: sentenceCount) }
        if pieceCount > 0 { pieces.append(String(piece)) }
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
