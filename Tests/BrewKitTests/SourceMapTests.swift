import BrewKit
import Testing

/// A source map kept as a list of fields (a brew log's) answers as the same map kept as a dictionary.
struct SourceMapTests {
    let record = BrewKit.SourceLocation(file: "logs/2026-03.json", line: 2, column: 3)
    let listed: [SourceMap.ListedField] = [
        .init(key: "id", line: 2, column: 10), .init(key: "rating", line: 3, column: 15),
        .init(key: "note", line: 4, column: 0), .init(key: "rating", line: 5, column: 7),
    ]

    var dictionary: [String: BrewKit.SourceLocation] {
        [
            "id": BrewKit.SourceLocation(file: record.file, line: 2, column: 10, field: "id"),
            "rating": BrewKit.SourceLocation(file: record.file, line: 5, column: 7, field: "rating"),
            "note": BrewKit.SourceLocation(file: record.file, line: 4, column: nil, field: "note"),
        ]
    }

    @Test func aListedMapFindsWhatTheDictionaryFinds() {
        let list = SourceMap(record: record, listed: listed)
        let named = SourceMap(record: record, fields: dictionary)
        #expect(list.fields == dictionary)
        #expect(list == named)
        for path in ["id", "rating", "note", "doseGrams", "rating.value", "id.x.y"] {
            #expect(list.location(of: path) == named.location(of: path), "\(path)")
        }
        #expect(list.location(of: "rating").line == 5, "the last of a key counts")
        #expect(list != SourceMap(record: record, listed: Array(listed.prefix(2))))
    }

    @Test func changingAFieldOfAListedMapKeepsTheOthers() {
        var list = SourceMap(record: record, listed: listed)
        let added = BrewKit.SourceLocation(file: "logs/x.csv", line: 9, column: 1, field: "entries[0]")
        list.fields["entries[0]"] = added
        #expect(list.fields["entries[0]"] == added)
        #expect(list.location(of: "id") == dictionary["id"])
        #expect(list.fields.count == 4)
    }
}
