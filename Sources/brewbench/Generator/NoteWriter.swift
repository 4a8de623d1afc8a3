/// Tasting notes: a few sentences, often with Markdown emphasis, and for some a bullet list of
/// what was changed. Kept to `maximumCharacters` so a benchmark can add a marker and stay
/// within the 280-character limit.
struct NoteWriter {
    static let maximumCharacters = 250

    static let origins = [
        "Ethiopia Guji", "Kenya Nyeri", "Colombia Huila", "Guatemala Huehuetenango", "Rwanda Nyamasheke",
        "Brazil Cerrado", "Costa Rica Tarrazu", "Panama Boquete", "Burundi Kayanza", "Peru Cajamarca",
    ]
    static let flavours = [
        "blackcurrant", "milk chocolate", "jasmine", "peach", "toffee", "lemon zest", "red apple",
        "hazelnut", "bergamot", "brown sugar", "plum", "cocoa nibs",
    ]
    static let papers = ["Hario tabbed", "Cafec Abaca", "Sibarist Fast", "Hario untabbed"]

    static func note(using random: inout SplitMix64, withList: Bool) -> String {
        var sentences: [String] = []
        let sentenceCount = random.int(in: 1...3)
        for _ in 0..<sentenceCount { sentences.append(sentence(using: &random)) }
        var text = sentences.joined(separator: " ")
        if withList {
            let items = (0..<random.int(in: 2...3)).map { _ in bullet(using: &random) }
            text += "\n\n" + items.map { "- " + $0 }.joined(separator: "\n")
        }
        while text.count > maximumCharacters, sentences.count > 1 {
            sentences.removeLast()
            let list = text.range(of: "\n\n").map { String(text[$0.lowerBound...]) } ?? ""
            text = sentences.joined(separator: " ") + list
        }
        return text.count > maximumCharacters ? String(text.prefix(maximumCharacters)) : text
    }

    static func sentence(using random: inout SplitMix64) -> String {
        let origin = random.pick(origins)
        let flavour = random.pick(flavours)
        let other = random.pick(flavours)
        let drawdown = "\(random.int(in: 2...4)):\(CivilTime.pad(random.int(in: 0...59), 2))"
        switch random.int(below: 10) {
        case 0: return "Sweet and clean, \(origin) is opening up a week off roast."
        case 1: return "Drawdown at \(drawdown), a little fast."
        case 2: return "Sharp and thin; \(origin) needs a finer grind."
        case 3: return "**\(origin)** tastes of \(flavour) and \(other)."
        case 4: return "The bed looked flat after the swirl."
        case 5: return "Bitter finish, try \(random.int(in: 88...93)) C next time."
        case 6: return "Nailed the drawdown at \(drawdown)."
        case 7: return "New bag of \(origin), roasted \(random.int(in: 3...30)) days ago."
        case 8: return "Good body with a touch of _\(flavour)_."
        default: return "Poured slower around the edge; cup tastes of \(flavour)."
        }
    }

    static func bullet(using random: inout SplitMix64) -> String {
        switch random.int(below: 5) {
        case 0: return "grind \(random.int(in: 14...30)) clicks"
        case 1: return "bloom \(random.int(in: 30...50)) s"
        case 2: return "water \(random.int(in: 88...97)) C"
        case 3: return "drawdown \(random.int(in: 2...4)):\(CivilTime.pad(random.int(in: 0...59), 2))"
        default: return "filter: \(random.pick(papers))"
        }
    }
}
