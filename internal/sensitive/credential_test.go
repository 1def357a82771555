package sensitive

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

// str is a String leaf with no context: the name decides.
func str(name string) Field { return Field{Name: name, Type: "String", Kind: Scalar} }

func TestCredentialByName(t *testing.T) {
	yes := []string{"token", "accessToken", "refresh_token", "clientSecret", "password", "newPassword",
		"apiKey", "API_KEY", "privateKey", "passwordHash", "otp", "cvv", "secret", "webhookSecret", "sessionId", "githubPat",
		"jwt", "authJwt", "id_jwt", "apiClientKey", "apiSecretKey",
		// issue 24: one-time-password seeds, recovery codes, private keys in any encoding
		"otpauth_url", "otpauthUri", "totpSeed", "seed", "mnemonic", "seedPhrase", "recoveryCodes", "backup_codes",
		"privateKeyPem", "secretBase32", "private_key_hex"}
	no := []string{"id", "name", "nextPageToken", "pageToken", "tokenCount", "tokenType", "keywords",
		"key", "monkey", "passwordChangedAt", "hash", "commitHash", "secretary", "tokens", "pinned", "spin",
		"hasFoundVerificationToken", "isPasswordSet", "jwtExpiresAt", "apiPublicKey", "apiKeyId", "apiVersion",
		"value", "code", "expiresAt", "scopes", "merchantAccountId",
		"hex", "ascii", "colorHex", "qr", "recoveryEmail", "seedCount", "publicKeyPem",
		// Codex: amounts, prices and volumes of crypto tokens, written as decimal strings
		"amountToken", "amountBaseToken", "priceBaseToken", "priceNonQuoteToken", "volumeNativeToken",
		"buyVolumeCollateralToken", "totalPriceNetworkBaseToken", "liquidityToken", "nonLiquidityToken", "balanceToken", "supplyToken"}
	var got []string
	for _, n := range yes {
		if !Credential(str(n)) {
			got = append(got, n+": false, want true")
		}
	}
	for _, n := range no {
		if Credential(str(n)) {
			got = append(got, n+": true, want false")
		}
	}
	if len(got) > 0 {
		t.Errorf("Credential of a String with no context:\n%v", got)
	}
}

// TestCredentialInContext is the classifier on the shapes of real schemas: each case names where
// it was seen.
func TestCredentialInContext(t *testing.T) {
	for _, c := range []struct {
		f    Field
		want bool
		seen string
	}{
		// Shopify Customer Account API: what the default selection used to send the model.
		{Field{Name: "value", Type: "String", Kind: Scalar, Parent: "UiExtensionSessionToken"}, true, "Shopify CA uiExtensionSessionToken"},
		{Field{Name: "expiresIn", Type: "Int", Kind: Scalar, Parent: "UiExtensionSessionToken"}, false, "Shopify CA: token metadata"},
		{Field{Name: "authJwt", Type: "String", Kind: Scalar, Parent: "GooglePayWalletConfig"}, true, "Shopify CA customer"},
		{Field{Name: "allowedAuthMethods", Type: "String", Kind: Scalar, Parent: "GooglePayWalletConfig"}, false, "Shopify CA customer"},
		{Field{Name: "apiClientKey", Type: "String", Kind: Scalar, Parent: "PaymentProviderClientCredentials"}, true, "Shopify CA customer"},
		{Field{Name: "merchantAccountId", Type: "String", Kind: Scalar, Parent: "PaymentProviderClientCredentials"}, false, "Shopify CA: an account id, not generic"},
		{Field{Name: "expiresAt", Type: "ISO8601DateTime", Kind: Scalar, Parent: "ExtensionStorefrontApiToken"}, false, "Shopify CA extensionApiTokens"},
		{Field{Name: "token", Type: "String", Kind: Scalar, Parent: "ExtensionStorefrontApiToken"}, true, "Shopify CA extensionApiTokens"},
		// Shopify CA inputs: one secret, at its leaf.
		{Field{Name: "remoteToken", Type: "RemoteTokenPaymentInstrumentInput", Kind: Composite, Parent: "PaymentInstrumentInput", Via: "instrument"}, false, "Shopify CA paymentInstrumentAdd"},
		{Field{Name: "credentials", Type: "PaymentCredentialRemoteTokenInput", Kind: Composite, Parent: "RemoteTokenPaymentInstrumentInput", Via: "remoteToken"}, false, "Shopify CA paymentInstrumentAdd"},
		{Field{Name: "token", Type: "String", Kind: Scalar, Parent: "PaymentCredentialRemoteTokenInput", Via: "credentials"}, true, "Shopify CA paymentInstrumentAdd"},
		{Field{Name: "type", Type: "String", Kind: Scalar, Parent: "PaymentCredentialRemoteTokenInput", Via: "credentials"}, false, "Shopify CA: the credential's type"},
		{Field{Name: "providerId", Type: "Int", Kind: Scalar, Parent: "PaymentCredentialRemoteTokenInput", Via: "credentials"}, false, "Shopify CA"},
		// Aave v4: crypto tokens are public addresses, and input objects are judged by their fields.
		{Field{Name: "hubToken", Type: "HubTokenInput", Kind: Composite, Parent: "ReservesRequestQuery", Via: "query"}, false, "Aave reserves"},
		{Field{Name: "token", Type: "EvmAddress", Kind: Scalar, Parent: "HubTokenInput", Via: "hubToken"}, false, "Aave reserves"},
		{Field{Name: "token", Type: "Erc20Input", Kind: Composite, Parent: "AssetRequestQuery", Via: "query"}, false, "Aave asset"},
		{Field{Name: "buyToken", Type: "TokenInput", Kind: Composite, Parent: "MarketWithdrawSwapQuoteInput", Via: "market"}, false, "Aave withdrawSwapQuote"},
		{Field{Name: "nativeWrappedToken", Type: "EvmAddress", Kind: Scalar, Parent: "Chain"}, false, "Aave chain"},
		{Field{Name: "chainId", Type: "ChainId", Kind: Scalar, Parent: "HubTokenInput", Via: "hubToken"}, false, "Aave"},
		// Codex: a quantity in a crypto token is no secret, nor is a filter on one.
		{Field{Name: "priceBaseToken", Type: "String", Kind: Scalar, Parent: "SwapEventData"}, false, "Codex getTokenEvents"},
		{Field{Name: "gt", Type: "String", Kind: Scalar, Parent: "ComparisonOperatorInput", Via: "amountToken"}, false, "Codex createWebhooks"},
		{Field{Name: "token", Type: "String", Kind: Scalar, Parent: "ApiToken"}, true, "Codex apiTokens: a JWT"},
		{Field{Name: "securityToken", Type: "String", Kind: Scalar, Parent: "CreateWebhookInput"}, true, "Codex createWebhooks"},
		// Hasura: a filter on a token column holds the token in its operators.
		{Field{Name: "_eq", Type: "String", Kind: Scalar, Parent: "String_comparison_exp", Via: "access_token"}, true, "Hasura accounts"},
		{Field{Name: "_in", Type: "String", Kind: Scalar, Parent: "String_comparison_exp", Via: "sessionToken"}, true, "Hasura sessions"},
		{Field{Name: "_eq", Type: "String", Kind: Scalar, Parent: "String_comparison_exp", Via: "provider"}, false, "Hasura accounts"},
		{Field{Name: "_is_null", Type: "Boolean", Kind: Scalar, Parent: "String_comparison_exp", Via: "access_token"}, false, "Hasura: a flag"},
		{Field{Name: "access_token", Type: "String_comparison_exp", Kind: Composite, Parent: "accounts_bool_exp", Via: "where"}, false, "Hasura: judged by its operators"},
		{Field{Name: "access_token", Type: "order_by", Kind: Enum, Parent: "accounts_order_by"}, false, "Hasura: asc or desc"},
		{Field{Name: "access_token", Type: "String", Kind: Scalar, Parent: "accounts"}, true, "Hasura accounts"},
		// Generic leaves elsewhere keep their name's verdict.
		{Field{Name: "value", Type: "String", Kind: Scalar, Parent: "Metafield"}, false, "Shopify"},
		{Field{Name: "code", Type: "String", Kind: Scalar, Parent: "CurrencyCode"}, false, "a code that is no secret"},
		{Field{Name: "value", Type: "String", Kind: Scalar, Parent: "PageToken"}, false, "a cursor's value"},
		{Field{Name: "key", Type: "String", Kind: Scalar, Parent: "ApiKey"}, true, "an API key object"},
		{Field{Name: "name", Type: "String", Kind: Scalar, Parent: "ApiKey"}, false, "an API key's name"},
		{Field{Name: "value", Type: "String", Kind: Scalar, Parent: "SensitiveString", Via: "clientSecret"}, true, "a wrapper, by the field holding it"},
		{Field{Name: "value", Type: "String", Kind: Scalar, Parent: "CustomerAccessTokenInput"}, true, "an input's suffix is dropped"},
		{Field{Name: "scopes", Type: "String", Kind: Scalar, Parent: "AccessToken"}, false, "token metadata"},
		{Field{Name: "tokenType", Type: "TokenType", Kind: Enum, Parent: "AccessToken"}, false, "token metadata"},
		// accounts-js: a TOTP secret in every encoding, and the QR codes that carry it.
		{Field{Name: "base32", Type: "String", Kind: Scalar, Parent: "TwoFactorSecretKey"}, true, "accounts-js twoFactorSecret"},
		{Field{Name: "ascii", Type: "String", Kind: Scalar, Parent: "TwoFactorSecretKey"}, true, "accounts-js twoFactorSecret"},
		{Field{Name: "qr_code_hex", Type: "String", Kind: Scalar, Parent: "TwoFactorSecretKey"}, true, "accounts-js twoFactorSecret"},
		{Field{Name: "google_auth_qr", Type: "String", Kind: Scalar, Parent: "TwoFactorSecretKey"}, true, "accounts-js twoFactorSecret"},
		{Field{Name: "otpauth_url", Type: "String", Kind: Scalar, Parent: "TwoFactorSecretKey"}, true, "accounts-js twoFactorSecret"},
		{Field{Name: "hex", Type: "String", Kind: Scalar, Parent: "Color"}, false, "a color's hex is no secret"},
		// GitHub, Vendure, Sui: unchanged verdicts.
		{Field{Name: "verificationToken", Type: "String", Kind: Scalar, Parent: "RegenerateVerifiableDomainTokenPayload"}, true, "GitHub"},
		{Field{Name: "networkPubKey", Type: "Base64", Kind: Scalar, Parent: "ValidatorCredentials"}, false, "Sui: a public key"},
		{Field{Name: "sessionToken", Type: "UUID", Kind: Scalar}, true, "a UUID can be a secret"},
		{Field{Name: "accessToken", Kind: Composite}, false, "an object: its leaves are judged"},
		{Field{Name: "accessToken"}, true, "no schema (a catalog diff): the name decides"},
		{Field{Name: "value", Via: "uiExtensionSessionToken"}, true, "no schema: the enclosing field stands in"},
	} {
		if got := Credential(c.f); got != c.want {
			t.Errorf("Credential(%+v) = %v, want %v (%s)", c.f, got, c.want, c.seen)
		}
	}
}

// TestReturnedFromSchema checks the schema helpers on the Shopify shapes.
func TestReturnedFromSchema(t *testing.T) {
	s := gqlparser.MustLoadSchema(&ast.Source{Name: "s.graphql", Input: `
		type Query { t: UiExtensionSessionToken, c: GooglePayWalletConfig, k: Kind }
		enum Kind { A }
		type UiExtensionSessionToken { expiresIn: Int! value: String! kind: Kind }
		type GooglePayWalletConfig { allowedAuthMethods: [String!]! authJwt: String! session: UiExtensionSessionToken }`})
	var got []string
	for _, name := range []string{"UiExtensionSessionToken", "GooglePayWalletConfig"} {
		d := s.Types[name]
		for _, f := range d.Fields {
			if Credential(Returned(s, d, f)) {
				got = append(got, name+"."+f.Name)
			}
		}
	}
	want := []string{"UiExtensionSessionToken.value", "GooglePayWalletConfig.authJwt"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("credentials (-want +got):\n%s", diff)
	}
	kinds := fmt.Sprint(KindOf(s, "String"), KindOf(s, "Kind"), KindOf(s, "GooglePayWalletConfig"), KindOf(s, "Nope"))
	if kinds != fmt.Sprint(Scalar, Enum, Composite, Unknown) {
		t.Errorf("KindOf = %s", kinds)
	}
}

func FuzzCredential(f *testing.F) {
	for _, s := range [][4]string{{"value", "String", "UiExtensionSessionToken", ""}, {"_eq", "String", "String_comparison_exp", "access_token"},
		{"token", "EvmAddress", "HubTokenInput", "hubToken"}, {"", "", "", ""}, {"__", "_", "Input", "input_payload"}, {"ÀÉ", "ÿ", "\x00", "A-B c"}} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	f.Fuzz(func(t *testing.T, name, typ, parent, via string) {
		for k := Unknown; k <= Composite; k++ {
			fd := Field{Name: name, Type: typ, Kind: k, Parent: parent, Via: via}
			got := Credential(fd)
			if got && (k == Enum || k == Composite) {
				t.Fatalf("Credential(%+v) = true for a non-leaf", fd)
			}
			// Context only adds: a field that is a credential alone stays one in any context.
			if alone := Credential(Field{Name: name, Type: typ, Kind: k}); alone && !got {
				t.Fatalf("Credential(%+v) = false, but true without context", fd)
			}
		}
	})
}
