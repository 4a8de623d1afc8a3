import BrewKit
import Cgd
import Foundation

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

    /// A photo's width and height in pixels, as libgd reads it (nil beyond `maximumPixels`).
    public static func size(of photo: AppRecipe.Photo) -> (width: Int, height: Int)? {
        guard let image = decode(photo) else { return nil }
        defer { gdImageDestroy(image) }
        return (Int(image.pointee.sx), Int(image.pointee.sy))
    }

    /// The most pixels a photo may have: 50 megapixels (8,660 × 5,773, more than any phone's
    /// camera), which libgd decodes in about 200 MB. A larger one is refused from its header,
    /// before anything is decoded.
    public static let maximumPixels = 50_000_000

    /// Whether a photo can be kept: its header read (`ImageHeader`), its size within
    /// `maximumPixels`, and libgd able to decode it. The size, with what libgd said while decoding
    /// (a JPEG cut short is decoded, with "Premature end of JPEG file"), or why it cannot be kept,
    /// in words.
    public static func check(_ photo: AppRecipe.Photo) -> Result<(header: ImageHeader, libgdSaid: [String]), PhotoProblem> {
        guard let header = ImageHeader.read(photo.bytes), header.format == photo.fileExtension else {
            return .failure(PhotoProblem("its header does not give its size (not a whole \(photo.fileExtension.uppercased()) image)"))
        }
        guard header.width > 0, header.height > 0 else {
            return .failure(PhotoProblem("its header says it is \(header.width) × \(header.height) pixels"))
        }
        guard header.pixels <= maximumPixels else {
            return .failure(PhotoProblem("it is \(header.width) × \(header.height) pixels (\(header.pixels / 1_000_000) megapixels), more than the \(maximumPixels / 1_000_000) megapixels a photo may have"))
        }
        let (image, said) = LibgdMessages.collecting { decode(photo) }
        guard let image else {
            return .failure(PhotoProblem("it cannot be decoded (damaged or cut short\(said.isEmpty ? "" : "; libgd said: " + said.joined(separator: "; ")))"))
        }
        gdImageDestroy(image)
        return .success((header, said))
    }

    /// Why a photo is not kept, in words.
    public struct PhotoProblem: Error, Sendable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Decodes the photo when its header gives a size within `maximumPixels`; libgd's own
    /// messages never reach the terminal (`LibgdMessages`).
    static func decode(_ photo: AppRecipe.Photo) -> gdImagePtr? {
        LibgdMessages.silence()
        guard let header = ImageHeader.read(photo.bytes), header.format == photo.fileExtension,
              header.width > 0, header.height > 0, header.pixels <= maximumPixels else { return nil }
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
