/// A place money was spent (`REWE Alexanderplatz`, `Berlin`).
///
/// Coordinates are kept exactly as the decimal text given (`52.521918`), never as floating point.
public struct Place: Sendable, Hashable, Codable {
    public var id: Int64?
    public var name: String
    public var address: String?
    public var city: String?
    public var country: String?
    /// Decimal degrees, -90...90, as text.
    public var latitude: String?
    /// Decimal degrees, -180...180, as text.
    public var longitude: String?

    public init(id: Int64? = nil, name: String, address: String? = nil, city: String? = nil, country: String? = nil,
                latitude: String? = nil, longitude: String? = nil) {
        self.id = id
        self.name = name
        self.address = address
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
    }
}
