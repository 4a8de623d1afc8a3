import Cgd

/// Images made by libgd for tests: a photo of a given size, as JPEG or PNG bytes.
public enum TestImages {
    /// A `width` × `height` picture (two coloured halves), encoded as `format` (`jpg` or `png`).
    public static func photo(width: Int, height: Int, format: String) -> [UInt8] {
        guard let image = gdImageCreateTrueColor(Int32(width), Int32(height)) else { return [] }
        defer { gdImageDestroy(image) }
        gdImageFilledRectangle(image, 0, 0, Int32(width / 2), Int32(height - 1), gdImageColorAllocate(image, 200, 80, 40))
        gdImageFilledRectangle(image, Int32(width / 2), 0, Int32(width - 1), Int32(height - 1), gdImageColorAllocate(image, 40, 120, 200))
        var size: Int32 = 0
        guard let data = format == "png" ? gdImagePngPtr(image, &size) : gdImageJpegPtr(image, &size, 90) else { return [] }
        defer { gdFree(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
