import Foundation

/// The site's search index (`search-index.js`): every brew, recipe, night out, kitchen recipe and
/// cook log as a document (its kind, title, page and a short snippet) and, for every word, the
/// documents it is in. A pure function of what it is given; `SitePlan.feeds` writes it.
///
/// The file assigns `window.brewSearchIndex`, so a `<script src>` loads it from disk, where `fetch`
/// (and with it a WebAssembly index such as pagefind's) is refused. `assets/search.js` adds that
/// script element only when the search box is first used.
///
/// Words are lower-cased with diacritics folded (`SearchWords.of`), at least 2 characters, each once
/// a document. The documents are numbered in the order they were added; a word's documents are
/// written as the gaps between their numbers, base 36, joined by commas ("0,3,a": documents 0, 3
/// and 13), or as bits where that is shorter (`encoded`). The documents' titles, pages and snippets
/// are in shards of a thousand (`files()`), loaded for the results shown.
public struct SiteSearchIndex: Equatable, Sendable {
    /// What a document is, shown beside its title; the file names them once (`kinds`).
    public enum Kind: Int, CaseIterable, Sendable {
        case recipe, kitchenRecipe, night, brew, cooked

        var label: String {
            switch self {
            case .recipe: "Recipe"
            case .kitchenRecipe: "Kitchen recipe"
            case .night: "Night out"
            case .brew: "Brew"
            case .cooked: "Cooked"
            }
        }
    }

    public struct Document: Equatable, Sendable {
        public var kind: Kind
        public var title: String
        /// The page, relative to the site's root (`logs/2026/10/log-1.html`).
        public var url: String
        /// At most `snippetCharacters` characters of the document's text.
        public var snippet: String
    }

    public static let path = "search-index.js"
    /// The longest snippet, in characters (an ellipsis ends a cut one).
    public static let snippetCharacters = 60

    public private(set) var documents: [Document] = []
    /// Each word's documents, by number, ascending.
    public private(set) var postings: [String: [Int]] = [:]

    public init() {}

    /// Adds a document found by the words of `texts` (the title's words only when they are among
    /// them: a brew's date is not); its snippet is the first of `snippetFrom` that has text.
    public mutating func add(_ kind: Kind, title: String, url: String, texts: [String?], snippetFrom: [String?]) {
        let number = documents.count
        let snippetText = snippetFrom.lazy.compactMap { $0 }.map(Self.plain).first { !$0.isEmpty } ?? ""
        documents.append(Document(kind: kind, title: title, url: url, snippet: Self.cut(snippetText)))
        var seen: Set<String> = []
        for text in texts.compactMap({ $0 }) {
            for word in SearchWords.of(text) where seen.insert(word).inserted {
                postings[word, default: []].append(number)
            }
        }
    }

    /// Markdown's marks and line breaks out, runs of spaces as one.
    static func plain(_ text: String) -> String {
        var result = ""
        var lastWasSpace = true
        for character in text {
            if character == "*" || character == "_" || character == "`" || character == "#" || character == ">" { continue }
            if character.isWhitespace || character == "-" && lastWasSpace {
                if !lastWasSpace { result.append(" ") }
                lastWasSpace = true
                continue
            }
            result.append(character)
            lastWasSpace = false
        }
        return result.hasSuffix(" ") ? String(result.dropLast()) : result
    }

    /// `text` cut to `snippetCharacters`, at a space where there is one in its last third.
    static func cut(_ text: String) -> String {
        guard text.count > snippetCharacters else { return text }
        var head = String(text.prefix(snippetCharacters - 1))
        if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) > snippetCharacters * 2 / 3 {
            head = String(head[..<space])
        }
        return head + "…"
    }

    /// The files: `search-index.js` (`window.brewSearchIndex = {…};`, the words) and the documents
    /// in shards of `documentsPerShard` (`search/docs-0.js`: `window.brewSearchDocs[0] = […];`), the
    /// box loading only those of the results it shows. Their JSON has `<`, `>` and `&` escaped, so
    /// no text can end the script or the file early.
    public func files() -> [OutputFile] {
        var files = [OutputFile(path: Self.path, text: "window.brewSearchIndex = \(HTMLEscaping.scriptSafeJSON(wordsJSON()));\n")]
        for shard in 0..<shardCount {
            files.append(OutputFile(path: Self.shardPath(shard), text: "(window.brewSearchDocs = window.brewSearchDocs || {})[\(shard)] = \(HTMLEscaping.scriptSafeJSON(shardJSON(shard)));\n"))
        }
        return files
    }

    /// The documents a shard file holds: at 100,000 brews a shard is about 120 KB.
    public static let documentsPerShard = 1_000

    var shardCount: Int { (documents.count + Self.documentsPerShard - 1) / Self.documentsPerShard }

    static func shardPath(_ shard: Int) -> String { "search/docs-\(shard).js" }

    /// `{"kinds":[…],"count":N,"perShard":1000,"words":{"word":"gaps" or "~bits",…}}`, words sorted.
    /// A word's documents are written the shorter way: the gaps between their numbers, base 36, or
    /// ("~…") a bit a document, six to a character of `bitAlphabet`, the lowest bit first.
    func wordsJSON() -> String {
        var json = "{\"kinds\":["
        for kind in Kind.allCases {
            if kind.rawValue > 0 { json += "," }
            JSONLDValue.write(kind.label, into: &json)
        }
        json += "],\"count\":\(documents.count),\"perShard\":\(Self.documentsPerShard),\"words\":{"
        for (position, word) in postings.keys.sorted().enumerated() {
            if position > 0 { json += "," }
            JSONLDValue.write(word, into: &json)
            json += ":\""
            json += Self.encoded(postings[word]!)
            json += "\""
        }
        json += "}}"
        return json
    }

    static let bitAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// `numbers` (ascending) as gaps in base 36 or as bits, whichever is shorter.
    static func encoded(_ numbers: [Int]) -> String {
        var gaps = ""
        var previous = 0
        for (index, number) in numbers.enumerated() {
            if index > 0 { gaps += "," }
            gaps += String(number - previous, radix: 36)
            previous = number
        }
        guard let last = numbers.last, last / 6 + 2 < gaps.utf8.count else { return gaps }
        var sextets = [Int](repeating: 0, count: last / 6 + 1)
        for number in numbers { sextets[number / 6] |= 1 << (number % 6) }
        return "~" + String(sextets.map { bitAlphabet[$0] })
    }

    /// `[[kind,title,url,snippet],…]`: the documents of `shard`.
    func shardJSON(_ shard: Int) -> String {
        var json = "["
        let first = shard * Self.documentsPerShard
        for number in first..<min(first + Self.documentsPerShard, documents.count) {
            let document = documents[number]
            json += number == first ? "[" : ",["
            json += String(document.kind.rawValue)
            json += ","
            JSONLDValue.write(document.title, into: &json)
            json += ","
            JSONLDValue.write(document.url, into: &json)
            json += ","
            JSONLDValue.write(document.snippet, into: &json)
            json += "]"
        }
        json += "]"
        return json
    }
}
