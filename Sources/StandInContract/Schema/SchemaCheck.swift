import StandInFixtures

/// One keyword of a compiled schema, with everything it needs read and built at compile time.
enum SchemaCheck: Sendable {
    /// `type` (with 3.0's `nullable` folded in): the instance is one of these types.
    case type(SchemaTypes, IntegerRule)
    /// `enum`.
    case oneOfValues(EnumValues)
    /// `const` (3.1).
    case constant(JSONNode)
    /// `minLength`, in Unicode scalars.
    case minLength(Int)
    /// `maxLength`, in Unicode scalars.
    case maxLength(Int)
    /// `pattern`: found anywhere in a string.
    case pattern(TextPattern)
    /// `format`.
    case format(SchemaFormat)
    /// `minimum` or `exclusiveMinimum`.
    case minimum(NumericBound)
    /// `maximum` or `exclusiveMaximum`.
    case maximum(NumericBound)
    /// `multipleOf`.
    case multipleOf(NumericBound)
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
    case required(RequiredProperties)
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
