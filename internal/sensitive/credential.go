package sensitive

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// Kind is what a field's named type is, as far as holding a secret goes.
type Kind uint8

const (
	// Unknown: no schema at hand (a catalog diff reads operations without one); the names decide.
	Unknown Kind = iota
	// Scalar: a built-in or custom scalar.
	Scalar
	// Enum: one of the schema's values, so never a secret.
	Enum
	// Composite: an object, interface, union or input object. It is never a credential itself:
	// its fields are judged, with its type as their Parent (and, for an input, it as their Via).
	Composite
)

// Field is a field, argument or input field with the context its verdict depends on.
type Field struct {
	Name string // the field's or argument's own name
	Type string // its named type, lists and non-null unwrapped; "" when unknown
	Kind Kind   // what Type is
	// Parent is the object, interface or input object that declares it; "" for an argument.
	Parent string
	// Via is the name of the field or argument whose value holds it (the path's previous
	// segment); "" at the root.
	Via string
}

// KindOf is what the schema says the named type is (Unknown when it has no such type).
func KindOf(s *ast.Schema, typ string) Kind {
	d := s.Types[typ]
	switch {
	case d == nil:
		return Unknown
	case d.Kind == ast.Scalar:
		return Scalar
	case d.Kind == ast.Enum:
		return Enum
	}
	return Composite
}

// Returned is the context of field f of the object or interface parent, as a selection returns
// it. The field leading to parent is left out: the default selection chooses a type's leaves once
// for every place it reaches the type (through connections, edges and fragments), and the lint
// that checks a selection must judge it the same way.
func Returned(s *ast.Schema, parent *ast.Definition, f *ast.FieldDefinition) Field {
	t := f.Type.Name()
	return Field{Name: f.Name, Type: t, Kind: KindOf(s, t), Parent: parent.Name}
}

// Credential reports whether a field holds a secret. By its own name: a token, secret,
// password, JWT, API or private key, one-time code or card code ("accessToken", "authJwt",
// "apiClientKey"), but not a cursor ("nextPageToken"), a quantity in a crypto token
// ("priceBaseToken"), a yes-or-no about a secret ("isPasswordSet") or a token's metadata
// ("tokenType", "expiresAt"). By its context: a generic leaf ("value",
// "key", "code", a filter's "_eq") of a type or field that reads as a credential
// (UiExtensionSessionToken.value; access_token: {_eq}). Never: a flag, a number, an enum, an
// object (its leaves are judged), or a custom scalar naming an address or identifier (a crypto
// "token: EvmAddress" is the token's contract address, public).
func Credential(f Field) bool {
	ws := Words(f.Name)
	own := credentialWords(ws)
	if !own && !generic(ws) || !mayHoldSecret(f) {
		return false // the name first: most fields are decided without splitting another name
	}
	return own || holder(f.Parent) || holder(f.Via)
}

// Candidate reports whether a name can be a credential in some context: it reads as one, or it
// is generic (value, _eq). Every other name is never one, so a caller that judges many fields
// can decide most of them by name once.
func Candidate(name string) bool {
	ws := Words(name)
	return credentialWords(ws) || generic(ws)
}

// mayHoldSecret reports whether a value of the field's type could be a secret at all.
func mayHoldSecret(f Field) bool {
	switch {
	case f.Kind == Enum || f.Kind == Composite:
		return false
	case f.Type == "Boolean" || f.Type == "Int" || f.Type == "Float":
		return false
	case f.Type == "" || f.Type == "String" || f.Type == "ID":
		return true
	}
	ws := Words(f.Type)
	return len(ws) == 0 || !referenceLast[ws[len(ws)-1]]
}

// referenceLast are last words of a custom scalar that names a public reference: an address
// (EvmAddress, SuiAddress) or an identifier (ChainId, TokenId). A value of one names something;
// it grants nothing. (A UUID can be a session token, so "uuid" is not one of them.)
var referenceLast = map[string]bool{"address": true, "id": true}

// credentialLast are last words that make a name a credential: "accessToken", "client_secret".
var credentialLast = map[string]bool{
	"token": true, "secret": true, "password": true, "passwd": true, "passphrase": true,
	"apikey": true, "otp": true, "cvv": true, "cvc": true, "pin": true, "totp": true,
	"credential": true, "credentials": true, "pat": true, // a personal access token: githubPat
	"jwt":  true,                   // a signed bearer token: authJwt, idJwt
	"seed": true, "mnemonic": true, // what a one-time-password generator or a wallet is made from
}

// credentialPairs are two-word endings that read as a credential: "apiKey", "privateKey",
// "passwordHash", "secretKey", "signingKey".
var credentialPairs = map[[2]string]bool{
	{"api", "key"}: true, {"private", "key"}: true, {"secret", "key"}: true, {"signing", "key"}: true,
	{"access", "key"}: true, {"password", "hash"}: true, {"password", "digest"}: true,
	{"client", "secret"}: true, {"session", "id"}: true, {"session", "key"}: true,
	{"encryption", "key"}: true, {"card", "number"}: true, {"security", "code"}: true,
	{"recovery", "code"}: true, {"recovery", "codes"}: true, {"backup", "code"}: true, {"backup", "codes"}: true,
	{"seed", "phrase"}: true,
}

// encodingLast are last words that say how a value is written, not what it is: a secret's
// encodings are the secret (TwoFactorSecretKey { ascii base32 hex qr_code_hex }, privateKeyPem).
var encodingLast = map[string]bool{
	"ascii": true, "hex": true, "base32": true, "base64": true, "base58": true, "pem": true, "der": true, "qr": true,
}

// secretAnywhere are words that make any name a credential: an otpauth:// URI carries a TOTP
// seed (otpauth_url).
var secretAnywhere = map[string]bool{"otpauth": true}

// notCredentialFirst are words that make a name ending like a credential a page cursor instead.
var notCredentialFirst = map[string]bool{"next": true, "prev": true, "previous": true, "page": true, "continuation": true, "pagination": true, "cursor": true}

// quantityWords make a name ending like a credential a quantity instead: in a market's API a
// token is an asset, and an amount, price, volume, balance, supply or liquidity in one is a
// number the API writes as a decimal string (Codex's priceBaseToken, amountNonLiquidityToken,
// volumeCollateralToken: 31 of its 33 leaves read as credentials, and every swap and bar
// answered without its prices). A number is never a secret, whatever its type says.
var quantityWords = map[string]bool{"amount": true, "price": true, "volume": true, "balance": true, "supply": true, "liquidity": true}

// predicateFirst are first words of a name that asks a yes-or-no question about what follows.
var predicateFirst = map[string]bool{"has": true, "is": true, "can": true, "should": true, "was": true, "needs": true, "requires": true, "allows": true}

// publicWords make a key-shaped name public: "apiPublicKey" is meant to be shared.
var publicWords = map[string]bool{"public": true, "publishable": true}

// credentialWords is the verdict of a name alone, split into words.
func credentialWords(ws []string) bool {
	if len(ws) == 0 || len(ws) > 1 && predicateFirst[ws[0]] {
		return false // hasFoundVerificationToken, isPasswordSet: a yes or no about a secret
	}
	for _, w := range ws {
		if secretAnywhere[w] {
			return true
		}
	}
	for len(ws) > 1 && encodingLast[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1] // privateKeyPem, secretBase32: an encoded secret
	}
	last := ws[len(ws)-1]
	if len(ws) >= 2 && credentialPairs[[2]string{ws[len(ws)-2], last}] {
		return true
	}
	if last == "key" && apiKeyShape(ws[:len(ws)-1]) {
		return true
	}
	if !credentialLast[last] {
		return false
	}
	for _, w := range ws[:len(ws)-1] {
		if notCredentialFirst[w] || quantityWords[w] {
			return false // nextPageToken: a cursor; priceBaseToken: a price; neither a secret
		}
	}
	return true
}

// apiKeyShape reports whether the words before a last "key" make it an API key with words
// between: "apiClientKey", "apiSecretKey"; not "apiPublicKey".
func apiKeyShape(before []string) bool {
	api := false
	for _, w := range before {
		if publicWords[w] {
			return false
		}
		api = api || w == "api"
	}
	return api
}

// genericNames are leaf names that say nothing of their own: the value of whatever holds them
// ("value", "key", "raw"), or how a filter compares it (Hasura's _eq, _in, _like; Vendure's eq,
// notIn, contains). Such a leaf is a credential when its type or field is one.
var genericNames = map[string]bool{
	"value": true, "token": true, "key": true, "jwt": true, "secret": true, "code": true,
	"raw": true, "plaintext": true, "encoded": true,
	"eq": true, "equals": true, "ne": true, "neq": true, "not eq": true, "not": true,
	"in": true, "nin": true, "not in": true, "like": true, "nlike": true, "ilike": true,
	"nilike": true, "not like": true, "contains": true, "not contains": true,
	"starts with": true, "ends with": true, "regex": true, "iregex": true, "nregex": true,
	"niregex": true, "similar": true, "nsimilar": true, "gt": true, "gte": true, "lt": true, "lte": true,
}

// generic: a generic name, or one ending in an encoding (qr_code_hex, google_auth_qr): the value
// of whatever holds it, written some way.
func generic(ws []string) bool {
	return genericNames[strings.Join(ws, " ")] || len(ws) > 0 && encodingLast[ws[len(ws)-1]]
}

// holderSuffix are last words a type name adds to what it holds: RemoteTokenInput is a token.
var holderSuffix = map[string]bool{"input": true, "payload": true, "object": true}

// holder reports whether a type's or field's name reads as a credential, so that its generic
// leaves hold one: UiExtensionSessionToken, PaymentProviderClientCredentials, access_token.
func holder(name string) bool {
	ws := Words(name)
	for len(ws) > 1 && holderSuffix[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	return credentialWords(ws)
}

// Holder reports whether a type's or field's name reads as a credential, so that Credential
// counts its generic leaves as one: a walk that visits each type once must visit a type again
// under such a field.
func Holder(name string) bool { return holder(name) }
