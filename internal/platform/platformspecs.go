package platform

// platformspecs.go holds the definitions the platforms add to a schema at run time, written from
// the public specs: Apollo Federation's subgraph directives (specs.apollo.dev/federation/v2.x,
// the link spec v1.0, and the v1 subgraph spec) and the directives and scalars AWS AppSync
// declares implicitly. Names are the specs' own; federation2 is renamed by the schema's @link
// (import, as) before it is used. Locations are the union of the versions' (a newer spec only
// adds some), and AppSync's auth directives are allowed on unions and interfaces too (real
// AppSync schemas put them there), since toolgen does not enforce a platform's rules, only
// reads the schema.

// linkSpec is the link spec's @link and its types; @link itself is never renamed.
const linkSpec = `
directive @link(url: String, as: String, for: link__Purpose, import: [link__Import]) repeatable on SCHEMA
scalar link__Import
enum link__Purpose { SECURITY EXECUTION }
`

// federation2 is the federation v2 spec, up to v2.12, by the names it exports.
const federation2 = `
directive @key(fields: FieldSet!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
directive @requires(fields: FieldSet!) on FIELD_DEFINITION
directive @provides(fields: FieldSet!) on FIELD_DEFINITION
directive @external(reason: String) on OBJECT | FIELD_DEFINITION
directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION | SCHEMA
directive @extends on OBJECT | INTERFACE
directive @shareable repeatable on OBJECT | FIELD_DEFINITION
directive @inaccessible on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
directive @override(from: String!, label: String) on FIELD_DEFINITION
directive @composeDirective(name: String) repeatable on SCHEMA
directive @interfaceObject on OBJECT
directive @authenticated on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @requiresScopes(scopes: [[Scope!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @policy(policies: [[Policy!]!]!) on FIELD_DEFINITION | OBJECT | INTERFACE | SCALAR | ENUM
directive @context(name: String!) repeatable on INTERFACE | OBJECT | UNION
directive @fromContext(field: ContextFieldValue) on ARGUMENT_DEFINITION
directive @cost(weight: Int!) on ARGUMENT_DEFINITION | ENUM | FIELD_DEFINITION | INPUT_FIELD_DEFINITION | OBJECT | SCALAR
directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION
scalar FieldSet
scalar Scope
scalar Policy
scalar ContextFieldValue
`

// federation1 is the v1 subgraph spec: no @link, fixed names.
const federation1 = `
directive @key(fields: _FieldSet!) repeatable on OBJECT | INTERFACE
directive @requires(fields: _FieldSet!) on FIELD_DEFINITION
directive @provides(fields: _FieldSet!) on FIELD_DEFINITION
directive @external on OBJECT | FIELD_DEFINITION
directive @extends on OBJECT | INTERFACE
directive @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT | INTERFACE | UNION | ARGUMENT_DEFINITION | SCALAR | ENUM | ENUM_VALUE | INPUT_OBJECT | INPUT_FIELD_DEFINITION
scalar _FieldSet
`

// federationService is what a subgraph library adds to Query in both versions; a schema printed
// from a subgraph's introspection names these types.
const federationService = `
scalar _Any
type _Service { sdl: String }
`

// appSync is what AWS AppSync declares implicitly. Its scalars keep their descriptions, which
// say how to write a value (an AWSJSON variable is a string holding JSON, not an object).
const appSync = `
directive @aws_iam on OBJECT | FIELD_DEFINITION | INTERFACE | UNION
directive @aws_api_key on OBJECT | FIELD_DEFINITION | INTERFACE | UNION
directive @aws_oidc on OBJECT | FIELD_DEFINITION | INTERFACE | UNION
directive @aws_lambda on OBJECT | FIELD_DEFINITION | INTERFACE | UNION
directive @aws_cognito_user_pools(cognito_groups: [String]) on OBJECT | FIELD_DEFINITION | INTERFACE | UNION
directive @aws_auth(cognito_groups: [String]) on OBJECT | FIELD_DEFINITION | INTERFACE | UNION
directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
directive @aws_publish(subscriptions: [String]) on FIELD_DEFINITION
directive @aws_canonical on OBJECT | FIELD_DEFINITION
"An extended ISO 8601 date: YYYY-MM-DD, optionally with a time zone offset (1970-01-01Z)."
scalar AWSDate
"An extended ISO 8601 time: hh:mm:ss.sss, optionally with a time zone offset (12:30:00.000Z)."
scalar AWSTime
"An extended ISO 8601 date and time with a time zone offset: YYYY-MM-DDThh:mm:ss.sssZ."
scalar AWSDateTime
"A Unix epoch time in seconds, an integer."
scalar AWSTimestamp
"An email address (local-part@domain)."
scalar AWSEmail
"A JSON value written as a string (a JSON object or list encoded in a string, e.g. \"{\\\"a\\\":1}\")."
scalar AWSJSON
"A URL with a scheme (https://example.com/path)."
scalar AWSURL
"A phone number, with a leading + and country code when international (+1 555 123 4567)."
scalar AWSPhone
"An IPv4 or IPv6 address, optionally with a CIDR prefix (192.0.2.1/24)."
scalar AWSIPAddress
`
