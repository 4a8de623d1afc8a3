import BrewData
import BrewKit
import Foundation

/// Nextcloud Cookbook's `recipe.json`: a schema.org `Recipe`, read exactly as clipping reads a
/// page's JSON-LD (`KitchenPageReader.apply`), plus the app's `id` and `dateCreated`. Pure.
public enum NextcloudRecipeReader {
    public static func read(json bytes: [UInt8], origin: String) throws(AppImportFailure) -> AppRecipe {
        guard let object = AppFields.object(bytes), KitchenPageReader.isType(object["@type"], "Recipe") || object["recipeIngredient"] != nil else {
            throw AppImportFailure(origin, "is not a Nextcloud Cookbook recipe.json (expected a schema.org Recipe)")
        }
        var clipped = ClippedRecipe()
        KitchenPageReader.apply(object, to: &clipped)
        guard clipped.title?.nilIfEmpty != nil else { throw AppImportFailure(origin, "the Nextcloud recipe has no name") }
        let id = AppFields.text(object["id"]) ?? AppFields.contentID(bytes)
        var recipe = AppRecipe(sourceId: "nextcloud:\(id)", origin: origin)
        clipped.readFrom = ["Nextcloud"]
        recipe.clipped = clipped
        recipe.createdAt = AppFields.date(object["dateCreated"]) ?? AppFields.date(object["datePublished"])
        return recipe
    }
}
