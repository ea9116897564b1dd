import StandInFixtures

/// One keyword of a compiled schema, with everything it needs read and built at compile time.
///
/// A payload larger than a reference is `indirect`, so that every check is one word or a reference: reading one out
/// of a node's list while validating then costs a retain, not a copy of its fields (and a `TextPattern`, whose
/// layout the standard library keeps resilient, would otherwise make every copy go through the runtime).
enum SchemaCheck: Sendable {
    /// `type` (with 3.0's `nullable` folded in): the instance is one of these types.
    case type(SchemaTypes, IntegerRule)
    /// `enum`.
    indirect case oneOfValues(EnumValues)
    /// `const` (3.1).
    indirect case constant(JSONNode)
    /// `minLength`, in Unicode scalars.
    case minLength(Int)
    /// `maxLength`, in Unicode scalars.
    case maxLength(Int)
    /// `pattern`: found anywhere in a string.
    indirect case pattern(TextPattern)
    /// `format`.
    case format(SchemaFormat)
    /// `minimum` or `exclusiveMinimum`.
    indirect case minimum(NumericBound)
    /// `maximum` or `exclusiveMaximum`.
    indirect case maximum(NumericBound)
    /// `multipleOf`.
    indirect case multipleOf(NumericBound)
    /// `minItems`.
    case minItems(Int)
    /// `maxItems`.
    case maxItems(Int)
    /// `uniqueItems: true`.
    case uniqueItems
    /// `minProperties`.
    case minProperties(Int)
    /// `maxProperties`.
    case maxProperties(Int)
    /// `required`, already narrowed to what each direction requires (see `RequiredProperties`).
    indirect case required(RequiredProperties)
    /// `properties`, `patternProperties` and `additionalProperties`.
    case members(MemberRules)
    /// `items` and 3.1's `prefixItems`.
    case elements(ElementRules)
    /// `allOf`.
    case allOf([SchemaNode])
    /// `anyOf`.
    case anyOf([SchemaNode])
    /// `oneOf`.
    case oneOf([SchemaNode])
    /// `not`.
    case not(SchemaNode)
    /// `oneOf` or `anyOf` with a `discriminator`: the member named by a property's value.
    case discriminator(Discriminator)
    /// `$ref`.
    case reference(SchemaReference)
    /// `readOnly: true`: not allowed in a request.
    case readOnly
    /// `writeOnly: true`: not allowed in a response.
    case writeOnly
    /// The schema `false` (3.1): nothing is valid.
    case never
}
