import Foundation

/// The site's search index: every brew, recipe, night out, kitchen recipe and cook log as a
/// document (its kind, title, page and a short snippet) and, for every word, the documents it is
/// in. A pure function of what it is given; `SitePlan.feeds` writes it.
///
/// The files assign `window.brewSearchIndex` (and `brewSearchWords`, `brewSearchDocs`), so a
/// `<script src>` loads them from disk, where `fetch` (and with it a WebAssembly index such as
/// pagefind's) is refused. `assets/search.js` adds those script elements only when the box is used.
///
/// Words are lower-cased with diacritics folded (`SearchWords.of`), at least 2 characters, each once
/// a document. The documents are numbered in the order they were added (`SitePlan.searchIndex`
/// adds the oldest first, so a new brew takes the next number and every other keeps its own); a
/// word's documents are written as the gaps between their numbers, base 36, joined by commas
/// ("0,3,a": documents 0, 3 and 13), or as bits where that is shorter (`encode`). So one new brew
/// changes the last file of documents and the files of its own words, and no other (`files()`).
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
    /// The words, numbered in the order they were first met, and each one's documents, ascending.
    private(set) var words: [String] = []
    private(set) var documentsOfWord: [[Int32]] = []
    private var numberOfWord: [String: Int32] = [:]
    /// The word numbers of short texts met before (recipe names, beans, roasters, taste tags come
    /// again brew after brew): each is split once.
    private var wordsOfText: [String: [Int32]] = [:]
    static let longestRememberedText = 48

    public init() {}

    /// Each word's documents, by number, ascending.
    public var postings: [String: [Int]] {
        Dictionary(uniqueKeysWithValues: words.indices.map { (words[$0], documentsOfWord[$0].map(Int.init)) })
    }

    /// Adds a document found by the words of `texts` (the title's words only when they are among
    /// them: a brew's date is not); its snippet is the first of `snippetFrom` that has text.
    public mutating func add(_ kind: Kind, title: String, url: String, texts: [String?], snippetFrom: [String?]) {
        let number = Int32(documents.count)
        var snippet = ""
        for case let text? in snippetFrom {
            let plain = Self.plain(text)
            if !plain.isEmpty { snippet = Self.cut(plain); break }
        }
        documents.append(Document(kind: kind, title: title, url: url, snippet: snippet))
        for case let text? in texts where !text.isEmpty { addWords(of: text, to: number) }
    }

    private mutating func addWords(of text: String, to document: Int32) {
        let remembered = text.utf8.count <= Self.longestRememberedText
        if remembered, let known = wordsOfText[text] {
            for word in known { post(word, document) }
            return
        }
        var found: [Int32] = []
        var text = text
        let ascii = text.withUTF8 { bytes -> Bool in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
            // Runs of ASCII letters and digits, lower-cased: the common case, with no Foundation
            // folding and no word but the found ones made a String.
            var start = -1
            var lowered: [UInt8] = []
            for position in 0...bytes.count {
                let byte = position < bytes.count ? bytes[position] : 0
                let isWordByte = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                    || byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
                if isWordByte {
                    if start < 0 { start = position; lowered.removeAll(keepingCapacity: true) }
                    lowered.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
                } else if start >= 0 {
                    if lowered.count >= SearchWords.shortest {
                        let word = wordNumber(String(decoding: lowered, as: UTF8.self))
                        post(word, document)
                        if remembered { found.append(word) }
                    }
                    start = -1
                }
            }
            return true
        }
        if !ascii {
            for word in SearchWords.of(text) {
                let number = wordNumber(word)
                post(number, document)
                if remembered { found.append(number) }
            }
        }
        if remembered { wordsOfText[text] = found }
    }

    private mutating func wordNumber(_ word: String) -> Int32 {
        if let number = numberOfWord[word] { return number }
        let number = Int32(words.count)
        numberOfWord[word] = number
        words.append(word)
        documentsOfWord.append([])
        return number
    }

    /// A document's words are all added before the next document's: the last number is the only
    /// one that can be this document's already.
    private mutating func post(_ word: Int32, _ document: Int32) {
        if documentsOfWord[Int(word)].last != document { documentsOfWord[Int(word)].append(document) }
    }

    /// Markdown's marks and line breaks out, runs of spaces as one.
    static func plain(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Byte by byte: an ASCII byte is a character.
            var result: [UInt8] = []
            result.reserveCapacity(text.utf8.count)
            var lastWasSpace = true
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "#"), UInt8(ascii: ">"): continue
                case UInt8(ascii: " "), 0x09...0x0D:
                    if !lastWasSpace { result.append(UInt8(ascii: " ")) }
                    lastWasSpace = true
                case UInt8(ascii: "-") where lastWasSpace: continue
                default:
                    result.append(byte)
                    lastWasSpace = false
                }
            }
            if result.last == UInt8(ascii: " ") { result.removeLast() }
            return String(decoding: result, as: UTF8.self)
        }
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
        // No more bytes than the most characters: no more characters either.
        guard text.utf8.count > snippetCharacters, text.count > snippetCharacters else { return text }
        var head = String(text.prefix(snippetCharacters - 1))
        if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) > snippetCharacters * 2 / 3 {
            head = String(head[..<space])
        }
        return head + "…"
    }

    // MARK: - Files

    /// The files: `search-index.js` (`window.brewSearchIndex = {…};`: the kinds and every word,
    /// grouped by the file of its documents), the words' documents in `search/words-K.js`
    /// (`window.brewSearchWords[K] = {"word":"gaps",…}`, a word in file `wordShard`), and the
    /// documents in shards of `documentsPerShard` (`search/docs-S.js`: `window.brewSearchDocs[S] =
    /// […]`). The box loads the words' files of the query's words and the documents' files of the
    /// results it shows. Packed (the default), each words' and documents' file holds its JSON
    /// deflated and in base64 (`window.brewSearchDocs[S] = "…";`), which the box unpacks. Their
    /// JSON has `<`, `>` and `&` escaped, so no text can end the script or the file early (and
    /// base64 has none of them). Each file is written once, as bytes.
    public func files(packed: Bool = true) -> [OutputFile] {
        var encoded: [[UInt8]] = []
        encoded.reserveCapacity(words.count)
        var postingBytes = 0
        for documents in documentsOfWord {
            var bytes: [UInt8] = []
            Self.encode(documents, into: &bytes)
            postingBytes += bytes.count
            encoded.append(bytes)
        }
        let wordShards = Self.wordShardCount(postingBytes: postingBytes)
        var wordsOfShard = [[Int]](repeating: [], count: wordShards)
        for number in words.indices { wordsOfShard[Self.wordShard(words[number], of: wordShards)].append(number) }
        for shard in wordsOfShard.indices { wordsOfShard[shard].sort { words[$0].utf8.lexicographicallyPrecedes(words[$1].utf8) } }

        var index = Array("window.brewSearchIndex = {\"kinds\":[".utf8)
        for kind in Kind.allCases {
            if kind.rawValue > 0 { index.append(UInt8(ascii: ",")) }
            Self.writeString(kind.label, into: &index)
        }
        index += Array("],\"perShard\":\(Self.documentsPerShard),\"wordShards\":\(wordShards),\"words\":[".utf8)
        for (shard, numbers) in wordsOfShard.enumerated() {
            if shard > 0 { index.append(UInt8(ascii: ",")) }
            index.append(UInt8(ascii: "["))
            for (position, number) in numbers.enumerated() {
                if position > 0 { index.append(UInt8(ascii: ",")) }
                Self.writeString(words[number], into: &index)
            }
            index.append(UInt8(ascii: "]"))
        }
        index += Array("]};\n".utf8)
        var files = [OutputFile(path: Self.path, contents: index)]

        for (shard, numbers) in wordsOfShard.enumerated() where !numbers.isEmpty {
            var json: [UInt8] = [UInt8(ascii: "{")]
            json.reserveCapacity(numbers.reduce(0) { $0 + encoded[$1].count + words[$1].utf8.count + 6 } + 2)
            for (position, number) in numbers.enumerated() {
                if position > 0 { json.append(UInt8(ascii: ",")) }
                Self.writeString(words[number], into: &json)
                json += [UInt8(ascii: ":"), UInt8(ascii: "\"")]
                json += encoded[number]
                json.append(UInt8(ascii: "\""))
            }
            json.append(UInt8(ascii: "}"))
            files.append(Self.shardFile(Self.wordShardPath(shard), "(window.brewSearchWords = window.brewSearchWords || {})[\(shard)] = ", json, packed: packed))
        }
        for shard in 0..<documentShardCount {
            var json: [UInt8] = []
            writeShard(shard, into: &json)
            files.append(Self.shardFile(Self.shardPath(shard), "(window.brewSearchDocs = window.brewSearchDocs || {})[\(shard)] = ", json, packed: packed))
        }
        return files
    }

    /// A words' or documents' file: `assignment` then the JSON, or (packed) the JSON deflated, in
    /// base64, as a string. The same JSON is packed once a process (`PackedSearchFiles`): a
    /// rebuild after one new brew packs the few files that changed.
    static func shardFile(_ path: String, _ assignment: String, _ json: [UInt8], packed: Bool) -> OutputFile {
        var file = Array(assignment.utf8)
        if packed {
            file.append(UInt8(ascii: "\""))
            file += PackedSearchFiles.shared.packed(json, at: path)
            file.append(UInt8(ascii: "\""))
        } else {
            file += json
        }
        file += Array(";\n".utf8)
        return OutputFile(path: path, contents: file)
    }

    /// The documents a shard file holds: at 100,000 brews a shard is about 120 KB.
    public static let documentsPerShard = 1_000

    var documentShardCount: Int { (documents.count + Self.documentsPerShard - 1) / Self.documentsPerShard }

    static func shardPath(_ shard: Int) -> String { "search/docs-\(shard).js" }
    static func wordShardPath(_ shard: Int) -> String { "search/words-\(shard).js" }

    /// About this many bytes of documents' numbers a words' file, so a one-word query loads little.
    static let wordShardBytes = 16_384

    /// The number of words' files: a power of two, so it changes only when the index has doubled.
    static func wordShardCount(postingBytes: Int) -> Int {
        var count = 1
        while count < 1_024, count * wordShardBytes < postingBytes { count *= 2 }
        return count
    }

    /// The words' file that has `word`: its FNV-1a hash (of its UTF-8) modulo `count`, so a word
    /// stays in its file whatever other words come.
    static func wordShard(_ word: String, of count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in word.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % UInt32(count))
    }

    static let bitAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let base36Digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// `numbers` (ascending) as gaps in base 36 or as bits, whichever is shorter.
    static func encoded(_ numbers: [Int]) -> String {
        var bytes: [UInt8] = []
        encode(numbers.map { Int32($0) }, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `numbers` (ascending) written the shorter way: the gaps between them in base 36, joined by
    /// commas, or ("~…") a bit a document, six to a character of `bitAlphabet`, the lowest bit first.
    static func encode(_ numbers: [Int32], into bytes: inout [UInt8]) {
        guard let last = numbers.last else { return }
        var gapsLength = numbers.count - 1
        var previous: Int32 = 0
        for number in numbers {
            var gap = number - previous
            previous = number
            repeat { gapsLength += 1; gap /= 36 } while gap > 0
        }
        if Int(last) / 6 + 2 < gapsLength {
            let start = bytes.count
            bytes.append(UInt8(ascii: "~"))
            bytes += repeatElement(0, count: Int(last) / 6 + 1)
            for number in numbers { bytes[start + 1 + Int(number) / 6] |= 1 << (number % 6) }
            for position in (start + 1)..<bytes.count { bytes[position] = bitAlphabet[Int(bytes[position])] }
            return
        }
        previous = 0
        var digits: [UInt8] = []
        for (position, number) in numbers.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            var gap = Int(number - previous)
            previous = number
            digits.removeAll(keepingCapacity: true)
            repeat { digits.append(base36Digits[gap % 36]); gap /= 36 } while gap > 0
            bytes += digits.reversed()
        }
    }

    /// `[[kind,title,url,snippet],…]`: the documents of `shard`.
    func writeShard(_ shard: Int, into json: inout [UInt8]) {
        json.append(UInt8(ascii: "["))
        let first = shard * Self.documentsPerShard
        for number in first..<min(first + Self.documentsPerShard, documents.count) {
            let document = documents[number]
            if number > first { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            json += String(document.kind.rawValue).utf8
            json.append(UInt8(ascii: ","))
            Self.writeString(document.title, into: &json)
            json.append(UInt8(ascii: ","))
            Self.writeString(document.url, into: &json)
            json.append(UInt8(ascii: ","))
            Self.writeString(document.snippet, into: &json)
            json.append(UInt8(ascii: "]"))
        }
        json.append(UInt8(ascii: "]"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string, quoted and escaped, safe in a script: `<`, `>`, `&`, U+2028 and U+2029 as
    /// `\u` escapes too, so no text can end the script or a line of it.
    static func writeString(_ string: String, into json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var position = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): json += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\t"): json += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case UInt8(ascii: "\r"): json += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    json += Array("\\u00".utf8)
                    json += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
                case 0xE2 where position + 1 < bytes.count && bytes[position] == 0x80 && (bytes[position + 1] == 0xA8 || bytes[position + 1] == 0xA9):
                    json += Array((bytes[position + 1] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    position += 2
                default: json.append(byte)
                }
            }
        }
        json.append(UInt8(ascii: "\""))
    }
}
