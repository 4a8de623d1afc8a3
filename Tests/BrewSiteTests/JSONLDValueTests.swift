import BrewData
import BrewKit
@testable import BrewSite
import Foundation
import Testing

/// `JSONLDValue` writes what `JSONSerialization` wrote with sorted keys and unescaped slashes,
/// byte for byte: for every kitchen recipe of the bundled journal and for texts with every kind
/// of character that is escaped.
struct JSONLDValueTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func foundation(_ value: JSONLDValue) -> Any {
        switch value {
        case .string(let text): text
        case .int(let number): number
        case .number(let number): number
        case .null: NSNull()
        case .array(let elements): elements.map(foundation)
        case .object(let members): members.mapValues(foundation)
        }
    }

    static func serialized(_ value: JSONLDValue) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: foundation(value), options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func everyKitchenRecipeIsWrittenAsJSONSerializationWroteIt() throws {
        let validated = DataDirectoryReader(root: Self.packageRoot.appendingPathComponent("Data").path).read().validated
        let recipes = validated.dataset.kitchenRecipes.map(\.value)
        #expect(!recipes.isEmpty)
        for recipe in recipes {
            for units in [nil] + KitchenUnits.allCases.map(Optional.some) {
                let object = KitchenJSONLD.object(for: recipe, units: units)
                #expect(object.serialized == (try Self.serialized(object)), "\(recipe.id)")
            }
        }
    }

    @Test func textsAreEscapedAsJSONSerializationEscapesThem() throws {
        var texts = ["", "plain", "a \"quote\" and a \\ backslash", "https://example.com/a/b", "Köttbullar 🍝 ½ cup", "tab\there", "line\nbreak\r\n", "\u{7F}\u{85}\u{2028}"]
        texts += (0..<0x20).map { "control \(String(UnicodeScalar(UInt8($0)))) \($0)" }
        for text in texts {
            let object = JSONLDValue.object(["text": .string(text), "@type": .string("HowToStep"), "position": .int(-12), "list": .array([.string(text), .int(0)])])
            #expect(object.serialized == (try Self.serialized(object)), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
