import BrewKit
import Cgd

/// A recipe photo's small copy for the recipe grid, made by libgd: at most
/// `KitchenThumbnail.gridWidthPixels` wide (ClipCook PERF/007), its height in proportion, in the
/// photo's own format (JPEG at quality 82, PNG keeping transparency, WebP, GIF). A photo no wider
/// is copied as it is.
public enum GridImage {
    /// The copy's bytes, or nil when libgd cannot read the photo (damaged, or a format it lacks).
    public static func copy(of photo: AppRecipe.Photo, maximumWidth: Int = KitchenThumbnail.gridWidthPixels) -> [UInt8]? {
        guard let image = decode(photo) else { return nil }
        defer { gdImageDestroy(image) }
        let width = Int(image.pointee.sx), height = Int(image.pointee.sy)
        guard width > maximumWidth else { return photo.bytes }
        let newHeight = max(1, Int((Double(height) * Double(maximumWidth) / Double(width)).rounded()))
        _ = gdImageSetInterpolationMethod(image, GD_BILINEAR_FIXED)
        guard let small = gdImageScale(image, UInt32(maximumWidth), UInt32(newHeight)) else { return nil }
        defer { gdImageDestroy(small) }
        return encode(small, as: photo.fileExtension)
    }

    /// A photo's width and height in pixels, as libgd reads it.
    public static func size(of photo: AppRecipe.Photo) -> (width: Int, height: Int)? {
        guard let image = decode(photo) else { return nil }
        defer { gdImageDestroy(image) }
        return (Int(image.pointee.sx), Int(image.pointee.sy))
    }

    static func decode(_ photo: AppRecipe.Photo) -> gdImagePtr? {
        var bytes = photo.bytes
        let count = Int32(clamping: bytes.count)
        return bytes.withUnsafeMutableBytes { buffer -> gdImagePtr? in
            switch photo.fileExtension {
            case "jpg": gdImageCreateFromJpegPtrEx(count, buffer.baseAddress, 1)
            case "png": gdImageCreateFromPngPtr(count, buffer.baseAddress)
            case "gif": gdImageCreateFromGifPtr(count, buffer.baseAddress)
            case "webp": gdImageCreateFromWebpPtr(count, buffer.baseAddress)
            default: nil
            }
        }
    }

    /// An image in a format by its file extension (`jpg`, `png`, `gif`, `webp`).
    public static func encode(_ image: gdImagePtr, as fileExtension: String) -> [UInt8]? {
        var size: Int32 = 0
        let data: UnsafeMutableRawPointer?
        switch fileExtension {
        case "jpg": data = gdImageJpegPtr(image, &size, 82)
        case "png":
            gdImageSaveAlpha(image, 1)
            data = gdImagePngPtr(image, &size)
        case "gif": data = gdImageGifPtr(image, &size)
        case "webp": data = gdImageWebpPtr(image, &size)
        default: return nil
        }
        guard let data, size > 0 else { return nil }
        defer { gdFree(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
