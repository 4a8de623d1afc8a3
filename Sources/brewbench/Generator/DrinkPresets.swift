/// Five of the drink presets of `sessions/presets.json` in Data/ (not 001's three quick drinks that `init` writes).
enum DrinkPresets {
    struct Preset: Sendable {
        var id: String
        var drinkType: String
    }

    static let all = [
        Preset(id: "lager-can", drinkType: "beer"),
        Preset(id: "pint-ipa", drinkType: "beer"),
        Preset(id: "glass-red", drinkType: "wine"),
        Preset(id: "gin-tonic", drinkType: "cocktail"),
        Preset(id: "double-whisky", drinkType: "liquor"),
    ]

    static let fileText = """
        [
          { "id": "lager-can", "name": "12 oz lager", "drinkType": "beer", "size": 12, "sizeUnit": "oz", "abv": 5 },
          { "id": "pint-ipa", "name": "Pint of IPA", "drinkType": "beer", "sizeMl": 473, "abv": 6.5 },
          { "id": "glass-red", "name": "Glass of red", "drinkType": "wine", "sizeMl": 150, "abv": 13.5 },
          { "id": "gin-tonic", "name": "Gin and tonic", "drinkType": "cocktail", "standardDrinkEstimate": 1 },
          { "id": "double-whisky", "name": "Double whisky", "drinkType": "liquor", "sizeMl": 88, "abv": 40 }
        ]

        """
}
