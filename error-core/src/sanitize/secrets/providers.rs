//! The provider formats: secrets that say what they are by a fixed prefix, found
//! without any key name around them.
//!
//! Each row is one format: the provider, the prefix, the characters of the body,
//! the shortest body, the evidence that tells it from prose (a digit, a dot, mixed
//! case), and whether the token must start a word. The rows come from gitleaks'
//! default rules (`config/gitleaks.toml`) and the providers' documentation.
//!
//! # Adding a provider
//!
//! Add one row to [`FORMATS`], next to the rows whose prefix starts with the same
//! byte (the build fails otherwise), and one fake token of that format to
//! `EXAMPLES` in the tests below (assembled with `concat!`, so that secret scanners
//! reading the source find no token). The scan finds a token in one of two ways,
//! and the build fails for a row that neither can find:
//!
//! - from an anchor byte (`_`, `-`, `A`, `J`) within the prefix's first 16 bytes
//!   (`sk-`, `ghp_`, `AKIA`, `eyJ`);
//! - from the run it stands in, for a prefix without one (`SK`, `dapi`, `hvs.`,
//!   `sha256~`): the prefix and the body's alphabet must be run bytes (ASCII from
//!   `-` on, except `/`: letters, digits, `-._~=`), prefix and shortest body
//!   together at least 29 bytes, and the row must start a word. Such a token always
//!   holds a block of the scan whose first 14 bytes are run bytes, and only the
//!   word starts up to 15 bytes before such a block are looked at.
//!
//! A format whose token starts with a few bytes of its body's class before its
//! fixed part (Azure's `xxx8Q~...`, MaxMind's `xxxxxx_..._mmk`) is a row of
//! [`LED_FORMATS`], with that lead; it is found from its run.
//!
//! Choose `word_start` unless nothing ordinary can end with the prefix: a token
//! glued to the word before it is still found where cleaning removed what
//! separated them.
//!
//! The cost of a format does not grow with the table: a candidate start is turned
//! away on its first two bytes, and only the rows that share them are compared.

use super::tokens::{Class, Evidence, Format, led_row, row};

/// Every provider format, grouped by the first byte of the prefix; within a
/// group, the first row that matches wins.
#[rustfmt::skip]
pub(super) const FORMATS: &[Format] = &[
    row("ClickHouse Cloud API secret key", b"4b1d", Class::Alphanumeric, 38, Evidence::Mixed, true),
    row("1Password secret key", b"A3-", Class::UpperDigitHyphen, 30, Evidence::Digit, true),
    row("AWS access key id (A3T)", b"A3T", Class::UpperDigit, 17, Evidence::Length, true),
    // Twitter's (X's) app-only bearer tokens: 21 or 22 `A`s, then the token.
    row("Twitter bearer token", b"AAAAAAAAAAAAAAAAAAAA", Class::PercentEncoded, 60, Evidence::Mixed, true),
    row("AWS access key id", b"AKIA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"ASIA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"ABIA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"ACCA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"AGPA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"AIDA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"AIPA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"ANPA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"ANVA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"AROA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"APKA", Class::UpperDigit, 16, Evidence::Length, true),
    row("AWS access key id", b"ASCA", Class::UpperDigit, 16, Evidence::Length, true),
    row("Amazon Bedrock API key", b"ABSK", Class::Base64, 100, Evidence::Length, true),
    row("Age secret key", b"AGE-SECRET-KEY-1", Class::UpperDigit, 58, Evidence::Length, false),
    row("Google API key", b"AIza", Class::Dashed, 30, Evidence::Length, false),
    row("Artifactory API key", b"AKCp", Class::Alphanumeric, 60, Evidence::Length, true),
    row("Octopus Deploy API key", b"API-", Class::UpperDigit, 26, Evidence::Digit, true),
    row("Yandex API key", b"AQVN", Class::Dashed, 35, Evidence::Mixed, true),
    row("Atlassian API token", b"ATATT3", Class::Jwt, 186, Evidence::Length, true),
    row("Contentful personal access token", b"CFPAT-", Class::Dashed, 43, Evidence::Length, true),
    row("Clojars API token", b"CLOJARS_", Class::Alphanumeric, 60, Evidence::Length, false),
    row("Square and Meta access token", b"EAAA", Class::Dashed, 22, Evidence::Mixed, true),
    row("Meta page access token", b"EAAC", Class::Alphanumeric, 100, Evidence::Length, true),
    row("Meta page access token", b"EAAM", Class::Alphanumeric, 100, Evidence::Length, true),
    // Meta's user and app access tokens (`EAAG...`, from the Graph API Explorer).
    row("Meta access token", b"EAA", Class::Alphanumeric, 100, Evidence::Mixed, true),
    row("EasyPost API key", b"EZAK", Class::Alphanumeric, 54, Evidence::Length, true),
    row("EasyPost test API key", b"EZTK", Class::Alphanumeric, 54, Evidence::Length, true),
    row("Flutterwave secret key", b"FLWSECK_TEST-", Class::Hyphenated, 12, Evidence::Length, false),
    row("Flutterwave secret key", b"FLWSECK-", Class::Hyphenated, 12, Evidence::Length, false),
    row("Flutterwave public key", b"FLWPUBK_TEST-", Class::Hyphenated, 32, Evidence::Length, false),
    row("Flutterwave public key", b"FLWPUBK-", Class::Hyphenated, 32, Evidence::Length, false),
    // GitHub's secret scanning partner pattern `google_oauth_client_secret`.
    row("Google OAuth client secret", b"GOCSPX-", Class::Dashed, 28, Evidence::Length, false),
    row("GitLab runner registration token", b"GR1348941", Class::Dashed, 20, Evidence::Length, true),
    row("Heroku API key", b"HRKU-AA", Class::Dashed, 58, Evidence::Length, false),
    // The base64 of the `origin_ec` field every STS and SSO session token opens
    // with (`aws sts assume-role --output text` prints it bare).
    row("AWS session token", b"IQoJb3JpZ2luX2Vj", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBL", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBQUklWQVRFIEtF", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtF", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBEU0EgUFJJVkFURSBL", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBPUEVOU1NIIFBSSVZBVEUgS0VZ", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBFTkNSWVBURUQgUFJJVkFURSBL", Class::Base64, 40, Evidence::Length, true),
    row("Private key, base64 PEM (Kubernetes)", b"LS0tLS1CRUdJTiBQR1AgUFJJVkFURSBL", Class::Base64, 40, Evidence::Length, true),
    row("Alibaba Cloud access key id", b"LTAI", Class::Alphanumeric, 20, Evidence::Length, true),
    row("Postman API key", b"PMAK-", Class::Hyphenated, 59, Evidence::Length, false),
    row("SendGrid API key", b"SG.", Class::Jwt, 66, Evidence::Dot, true),
    row("Twilio API key", b"SK", Class::Hex, 32, Evidence::Digit, true),
    // NATS nkey seeds: `S`, the key's type (user, account, operator), base32.
    row("NATS user seed", b"SU", Class::Base32, 56, Evidence::Digit, true),
    row("NATS account seed", b"SA", Class::Base32, 56, Evidence::Digit, true),
    row("NATS operator seed", b"SO", Class::Base32, 56, Evidence::Digit, true),
    row("Plaid access token", b"access-sandbox-", Class::Hyphenated, 36, Evidence::Length, true),
    row("Plaid access token", b"access-production-", Class::Hyphenated, 36, Evidence::Length, true),
    row("Plaid access token", b"access-development-", Class::Hyphenated, 36, Evidence::Length, true),
    row("Hugging Face organization token", b"api_org_", Class::Alphanumeric, 34, Evidence::Length, true),
    row("HashiCorp Terraform API token (after its id)", b"atlasv1.", Class::Jwt, 60, Evidence::Length, true),
    row("Authress service client access key", b"authress_", Class::DottedBase64, 56, Evidence::Holds(b".acc"), true),
    // The prefix holds the base64 of `bedrock.amazonaws.com`: it is the evidence.
    row("Amazon Bedrock short-lived API key", b"bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t", Class::Base64, 0, Evidence::Length, false),
    row("Artifactory reference token", b"cmVmd", Class::Alphanumeric, 59, Evidence::Mixed, true),
    row("Databricks API token", b"dapi", Class::Hex, 32, Evidence::Digit, true),
    row("Docker Hub personal access token", b"dckr_pat_", Class::Dashed, 27, Evidence::Length, false),
    row("Docker Hub organization access token", b"dckr_oat_", Class::Dashed, 27, Evidence::Length, false),
    row("Defined Networking API token", b"dnkey-", Class::Dashed, 40, Evidence::Length, true),
    row("Doppler personal token", b"dp.pt.", Class::Jwt, 40, Evidence::Length, true),
    row("Doppler service token", b"dp.st.", Class::Jwt, 40, Evidence::Length, true),
    row("Doppler service account token", b"dp.sa.", Class::Jwt, 40, Evidence::Length, true),
    row("Doppler CLI token", b"dp.ct.", Class::Jwt, 40, Evidence::Length, true),
    row("Doppler SCIM token", b"dp.scim.", Class::Jwt, 40, Evidence::Length, true),
    row("Doppler audit token", b"dp.audit.", Class::Jwt, 40, Evidence::Length, true),
    row("Dynatrace API token", b"dt0c01.", Class::Jwt, 89, Evidence::Dot, true),
    row("DigitalOcean access token", b"doo_v1_", Class::Alphanumeric, 64, Evidence::Length, false),
    row("DigitalOcean personal access token", b"dop_v1_", Class::Alphanumeric, 64, Evidence::Length, false),
    row("DigitalOcean refresh token", b"dor_v1_", Class::Alphanumeric, 64, Evidence::Length, false),
    row("Duffel API token", b"duffel_live_", Class::Base64, 43, Evidence::Length, false),
    row("Duffel API token", b"duffel_test_", Class::Base64, 43, Evidence::Length, false),
    row("Authress service client access key", b"ext_", Class::DottedBase64, 56, Evidence::Holds(b".acc"), true),
    row("Grafana API key", b"eyJrIjoi", Class::Base64, 70, Evidence::Length, true),
    // A Docker `config.json` in base64 (`{"auths":`), as a Kubernetes
    // `.dockerconfigjson` secret holds it: its `auth` is a user and a password.
    row("Docker registry credentials", b"eyJhdXRocyI6", Class::Base64, 40, Evidence::Length, true),
    row("JSON Web Token", b"eyJ", Class::Jwt, 16, Evidence::Dot, true),
    row("Figma personal access token", b"figd_", Class::Dashed, 40, Evidence::Mixed, true),
    row("Frame.io API token", b"fio-u-", Class::Base64, 64, Evidence::Length, false),
    row("Fly.io access token", b"fm1a_", Class::Base64, 100, Evidence::Length, true),
    row("Fly.io access token", b"fm1r_", Class::Base64, 100, Evidence::Length, true),
    row("Fly.io access token", b"fm2_", Class::Base64, 100, Evidence::Length, true),
    row("Fly.io access token", b"fo1_", Class::Dashed, 43, Evidence::Length, true),
    row("GitHub personal access token", b"ghp_", Class::Alphanumeric, 30, Evidence::Length, true),
    row("GitHub OAuth token", b"gho_", Class::Alphanumeric, 30, Evidence::Length, true),
    row("GitHub user-to-server token", b"ghu_", Class::Alphanumeric, 30, Evidence::Length, true),
    row("GitHub server-to-server token", b"ghs_", Class::Alphanumeric, 30, Evidence::Length, true),
    row("GitHub refresh token", b"ghr_", Class::Alphanumeric, 30, Evidence::Length, true),
    row("GitHub fine-grained token", b"github_pat_", Class::Underscored, 40, Evidence::Length, false),
    row("GitLab personal access token", b"glpat-", Class::Jwt, 20, Evidence::Length, false),
    row("GitLab agent token", b"glagent-", Class::Dashed, 50, Evidence::Length, false),
    row("GitLab CI/CD job token", b"glcbt-", Class::Dashed, 20, Evidence::Length, false),
    row("GitLab deploy token", b"gldt-", Class::Dashed, 20, Evidence::Length, false),
    row("GitLab feature flag client token", b"glffct-", Class::Dashed, 20, Evidence::Length, false),
    row("GitLab feed token", b"glft-", Class::Dashed, 20, Evidence::Length, false),
    row("GitLab incoming mail token", b"glimt-", Class::Dashed, 25, Evidence::Length, false),
    row("GitLab OAuth application secret", b"gloas-", Class::Dashed, 64, Evidence::Length, false),
    row("GitLab pipeline trigger token", b"glptt-", Class::Dashed, 40, Evidence::Length, false),
    row("GitLab runner token", b"glrt-", Class::Jwt, 20, Evidence::Length, false),
    row("GitLab SCIM token", b"glsoat-", Class::Dashed, 20, Evidence::Length, false),
    row("Grafana Cloud API token", b"glc_", Class::Base64, 32, Evidence::Length, false),
    row("Grafana service account token", b"glsa_", Class::Underscored, 41, Evidence::Length, false),
    row("Groq API key", b"gsk_", Class::Alphanumeric, 48, Evidence::Length, true),
    row("Hugging Face token", b"hf_", Class::Alphanumeric, 30, Evidence::Length, true),
    row("HashiCorp Vault batch token", b"hvb.", Class::Dashed, 138, Evidence::Length, true),
    // Service tokens run from about 90 characters up; a namespace's are longer. A
    // shorter one is no less a token (a copy cut short, an older server's).
    row("HashiCorp Vault service token", b"hvs.", Class::Dashed, 60, Evidence::Length, true),
    row("Infracost API token", b"ico-", Class::Alphanumeric, 32, Evidence::Length, true),
    row("Mailgun private API key", b"key-", Class::Alphanumeric, 32, Evidence::Digit, true),
    row("LangSmith API key", b"lsv2_", Class::Underscored, 40, Evidence::Digit, true),
    row("Linear API key", b"lin_api_", Class::Alphanumeric, 40, Evidence::Length, false),
    row("Linear OAuth access token", b"lin_oauth_", Class::Hex, 64, Evidence::Length, false),
    row("Lob publishable API key", b"live_pub_", Class::Hex, 31, Evidence::Digit, true),
    row("Lob API key", b"live_", Class::Hex, 35, Evidence::Digit, true),
    row("GoCardless API token", b"live_", Class::Jwt, 40, Evidence::Mixed, true),
    row("Neon API key", b"napi_", Class::Alphanumeric, 60, Evidence::Length, true),
    row("Notion API token", b"ntn_", Class::Alphanumeric, 46, Evidence::Length, false),
    row("npm token", b"npm_", Class::Alphanumeric, 30, Evidence::Length, true),
    // A GitHub partner pattern: NuGet's API keys.
    row("NuGet API key", b"oy2", Class::Alphanumeric, 43, Evidence::Digit, true),
    row("1Password service account token", b"ops_eyJ", Class::Base64, 250, Evidence::Length, false),
    row("Adobe client secret", b"p8e-", Class::Alphanumeric, 32, Evidence::Length, true),
    row("Harness personal access token", b"pat.", Class::Jwt, 66, Evidence::Dot, true),
    row("Airtable personal access token", b"pat", Class::Jwt, 79, Evidence::Mixed, true),
    row("Pinecone API key", b"pcsk_", Class::Underscored, 50, Evidence::Mixed, true),
    row("Prefect API token", b"pnu_", Class::Alphanumeric, 36, Evidence::Length, true),
    row("Perplexity API key", b"pplx-", Class::Alphanumeric, 48, Evidence::Length, true),
    row("PlanetScale OAuth token", b"pscale_oauth_", Class::Jwt, 32, Evidence::Length, false),
    row("PlanetScale password", b"pscale_pw_", Class::Jwt, 32, Evidence::Length, false),
    row("PlanetScale API token", b"pscale_tkn_", Class::Jwt, 32, Evidence::Length, false),
    row("Mailgun public validation key", b"pubkey-", Class::Alphanumeric, 32, Evidence::Digit, true),
    row("Pulumi access token", b"pul-", Class::Alphanumeric, 40, Evidence::Length, true),
    row("PyPI upload token", b"pypi-", Class::Dashed, 50, Evidence::Length, false),
    row("Mapbox public token", b"pk.", Class::Jwt, 80, Evidence::Dot, true),
    row("Replicate API token", b"r8_", Class::Alphanumeric, 37, Evidence::Length, true),
    row("Render API key", b"rnd_", Class::Alphanumeric, 32, Evidence::Mixed, true),
    row("ReadMe API token", b"rdme_", Class::Alphanumeric, 70, Evidence::Length, true),
    // A body shorter than 16 (gitleaks' shortest is 10) must look random, not
    // like a word (`sk_live_connection`).
    row("Stripe restricted key", b"rk_live_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Stripe restricted key, short", b"rk_live_", Class::Alphanumeric, 10, Evidence::Mixed, true),
    row("Stripe restricted key", b"rk_prod_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Stripe restricted key, short", b"rk_prod_", Class::Alphanumeric, 10, Evidence::Mixed, true),
    row("Stripe restricted key", b"rk_test_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Stripe restricted key, short", b"rk_test_", Class::Alphanumeric, 10, Evidence::Mixed, true),
    row("RubyGems API token", b"rubygems_", Class::Alphanumeric, 48, Evidence::Length, true),
    row("42 Intra client secret", b"s-s4t2af-", Class::Alphanumeric, 64, Evidence::Length, true),
    row("42 Intra client secret", b"s-s4t2ud-", Class::Alphanumeric, 64, Evidence::Length, true),
    row("Harness service account token", b"sat.", Class::Jwt, 66, Evidence::Dot, true),
    row("Authress service client access key", b"sc_", Class::DottedBase64, 56, Evidence::Holds(b".acc"), true),
    // Notion's integration tokens before `ntn_`.
    row("Notion API token (legacy)", b"secret_", Class::Alphanumeric, 43, Evidence::Mixed, true),
    row("Authress service client access key", b"scauth_", Class::DottedBase64, 56, Evidence::Holds(b".acc"), true),
    row("Sourcegraph access token", b"sgp_", Class::Underscored, 40, Evidence::Length, true),
    row("OpenShift user token", b"sha256~", Class::Dashed, 43, Evidence::Length, true),
    row("Shopify custom app token", b"shpca_", Class::Alphanumeric, 32, Evidence::Length, true),
    row("Shopify access token", b"shpat_", Class::Alphanumeric, 32, Evidence::Length, true),
    row("Shopify private app token", b"shppa_", Class::Alphanumeric, 32, Evidence::Length, true),
    row("Shopify shared secret", b"shpss_", Class::Alphanumeric, 32, Evidence::Length, true),
    row("Shippo API token", b"shippo_live_", Class::Alphanumeric, 40, Evidence::Length, true),
    row("Shippo API token", b"shippo_test_", Class::Alphanumeric, 40, Evidence::Length, true),
    row("OpenRouter API key", b"sk-or-v1-", Class::Hex, 64, Evidence::Digit, false),
    row("Langfuse secret key", b"sk-lf-", Class::Hyphenated, 36, Evidence::Digit, false),
    row("OpenAI and Anthropic keys", b"sk-", Class::Dashed, 20, Evidence::Mixed, true),
    row("DeepSeek and other hex sk- keys", b"sk-", Class::Hex, 32, Evidence::Digit, true),
    // As for `rk_`: a short body must look random.
    row("Stripe secret key", b"sk_live_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Stripe secret key, short", b"sk_live_", Class::Alphanumeric, 10, Evidence::Mixed, true),
    row("Stripe secret key", b"sk_prod_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Stripe secret key, short", b"sk_prod_", Class::Alphanumeric, 10, Evidence::Mixed, true),
    row("Stripe secret key", b"sk_test_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Stripe secret key, short", b"sk_test_", Class::Alphanumeric, 10, Evidence::Mixed, true),
    row("ElevenLabs API key", b"sk_", Class::Hex, 48, Evidence::Digit, true),
    row("Supabase personal access token", b"sbp_", Class::Hex, 40, Evidence::Digit, true),
    row("Supabase secret key", b"sb_secret_", Class::Dashed, 31, Evidence::Mixed, true),
    row("SettleMint application token", b"sm_aat_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("SettleMint personal token", b"sm_pat_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("SettleMint service token", b"sm_sat_", Class::Alphanumeric, 16, Evidence::Length, true),
    row("Sentry organization token", b"sntrys_", Class::Base64, 60, Evidence::Length, false),
    row("Sentry user token", b"sntryu_", Class::Alphanumeric, 64, Evidence::Length, false),
    row("Square access token", b"sq0atp-", Class::Dashed, 22, Evidence::Length, false),
    row("Square OAuth secret", b"sq0csp-", Class::Dashed, 40, Evidence::Length, false),
    row("Dropbox short-lived access token", b"sl.", Class::Jwt, 135, Evidence::Length, true),
    row("Mapbox secret token", b"sk.", Class::Jwt, 80, Evidence::Dot, true),
    row("SonarQube user token", b"squ_", Class::Hex, 40, Evidence::Digit, true),
    row("SonarQube project analysis token", b"sqp_", Class::Hex, 40, Evidence::Digit, true),
    row("SonarQube global analysis token", b"sqa_", Class::Hex, 40, Evidence::Digit, true),
    row("Tavily API key", b"tvly-", Class::Dashed, 32, Evidence::Mixed, true),
    row("Tailscale auth, API and OAuth client key", b"tskey-", Class::Hyphenated, 30, Evidence::Length, true),
    row("Typeform API token", b"tfp_", Class::Jwt, 40, Evidence::Mixed, true),
    row("Scalingo API token", b"tk-us-", Class::Dashed, 48, Evidence::Length, true),
    row("Lob publishable test API key", b"test_pub_", Class::Hex, 31, Evidence::Digit, true),
    row("Lob test API key", b"test_", Class::Hex, 35, Evidence::Digit, true),
    row("Yandex IAM token", b"t1.", Class::Jwt, 88, Evidence::Dot, true),
    row("Cloudflare origin CA key", b"v1.0-", Class::Hyphenated, 150, Evidence::Length, true),
    row("Stripe webhook signing secret", b"whsec_", Class::Alphanumeric, 32, Evidence::Length, true),
    row("xAI API key", b"xai-", Class::Alphanumeric, 70, Evidence::Length, true),
    row("Slack app token", b"xapp-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack bot token", b"xoxb-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack user token", b"xoxp-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack workspace token", b"xoxa-", Class::Hyphenated, 8, Evidence::Digit, false),
    row("Slack refresh token", b"xoxr-", Class::Hyphenated, 8, Evidence::Digit, false),
    row("Slack session token", b"xoxs-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack legacy token", b"xoxo-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack rotating token", b"xoxe-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack configuration token", b"xoxe.xoxb-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("Slack configuration token", b"xoxe.xoxp-", Class::Hyphenated, 10, Evidence::Digit, false),
    row("xAI API key", b"xai-", Class::Alphanumeric, 60, Evidence::Length, true),
    row("Brevo (Sendinblue) API key", b"xkeysib-", Class::Hyphenated, 64, Evidence::Length, false),
    row("Google OAuth access token", b"ya29.", Class::Jwt, 30, Evidence::Length, true),
    row("Discord bot token", b"MT", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Discord bot token", b"Mj", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Discord bot token", b"ND", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Discord bot token", b"NT", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Discord bot token", b"Nj", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Discord bot token", b"Nz", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("New Relic user API key", b"NRAK-", Class::Alphanumeric, 27, Evidence::Length, true),
    row("New Relic browser API token", b"NRJS-", Class::Hex, 19, Evidence::Length, true),
    row("New Relic insert key", b"NRII-", Class::Hyphenated, 32, Evidence::Length, true),
    row("Discord bot token", b"OD", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Discord bot token", b"OT", Class::Jwt, 55, Evidence::DotAndDigit, true),
    row("Yandex Cloud static access key id", b"YC", Class::Dashed, 38, Evidence::Mixed, true),
];

/// The formats whose token starts before its fixed part: a few bytes of the body's
/// class, then the prefix. They are found from their runs, at word starts.
#[rustfmt::skip]
pub(super) const LED_FORMATS: &[Format] = &[
    led_row("Azure AD client secret", 4, b"Q~", Class::Tilded, 31, Evidence::Length),
    led_row("MaxMind license key", 6, b"_", Class::Underscored, 33, Evidence::Holds(b"_mmk")),
    // Its 14-byte id before `.atlasv1.` (the row of `atlasv1.` alone takes an id of
    // another length).
    led_row("HashiCorp Terraform API token", 14, b".atlasv1.", Class::Jwt, 60, Evidence::Length),
];

#[cfg(test)]
mod tests {
    use super::{FORMATS, LED_FORMATS};
    use crate::sanitize::{REDACTED, redact_secrets};

    /// One fake token of every format that the older formats' tests do not cover.
    #[rustfmt::skip]
    const EXAMPLES: &[&str] = &[
        "A3-QSLOJO-LIE8NSB1IAR-JFQ21-IQWO5-91X1U",
        "A3THWQ29I228LSML7WQX",
        concat!("AAAAAAAAAAAAAAAAAAAAAA", "u8jzPde0IgxLd6GncfBAepfJBd0Kh8%2FoOOL8dKLzdocJ2isAjIhKtJ0RlgLKO%3DmxgJTeKdNnFRIBXuDL7D"),
        "ABSKdQmRZ4IkfjPkP4MsXIEbpo9dYAub73COJfzs1coQKuav3Q4wzWMt2oXhtqI5tmPufN3nClslCWlukVLSMKyrjH5OKEbpmjzisCc0VpFhAITHaT6RkmsE8ehX",
        "AGE-SECRET-KEY-1CAUVJ59874ONSCY6KJQ1NQ1PWPS1NW1CUZ3FECATM249YVDS71IJDHXKNT",
        "AKCpTmYSCWIGXfcl4lbCWiSI9zDUK54ivI5A5P63rJFe7XEWQz0NDtPq07Phy6wcMkZnD1j5D",
        "API-HI8X8ZTJ8TQFXDBKAG7RFV1KS7",
        "AQVN6wCHGTZYeYRJyJcTAhBiQRVO7P9282XaK1w",
        "CFPAT-zeaQJdl59idMxYte1MBk5Ce0gLIGAlITF45fkhu1DNt",
        "CLOJARS_1b8bjtjd61qo5bgpu76a2vod71p6agxj3wiwosfqiilgd8j6b3wy560e27rv",
        "EAAAYrH6NrUYlExe7aT07yBtcYaek5vDFQNAJiUT19hN",
        "EAACb7jSANo4FvHpI9EjYoNUKBKsLDDObk4LqxtasFzf2gJHDWnDh0hxyvLFtxbTaTPQSzltja6SRvtNG1pFKD2H9wQJzOnTGGfcmGCt5kiaIteOeV",
        "EAAM1XHAt4fFsGxz20RcAa6ItAohIPWJb5bBWXVwWvMGJvKkKob8Dz9mbxHfajN0Jn8YzBZyZV6bZSFjPZK19mwjDydcGi2wgucvJ5xjCjuMBPbCfR",
        concat!("EAAG", "xtpYlSXpfKtHF4vUCsMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8rESQedUStPKR0CsTy4Qwb8DwkNhFdnXsiVpzz63FfkCzJr4i0B3JrTAwR4y9ojfljoQ"),
        "EZAK5bCxWMv6dZ2nKcxNbwkZDZZOzqvMk4bNCCsBchurnZZ63gI39dFffl",
        "FLWSECK_TEST-e201f5730d6ef1d168f44405295f6f07-X",
        "FLWSECK-2e322c5610c6ea4e5472d5cd799e03ee-X",
        "FLWPUBK_TEST-7580e6804da7e0c8341ae0223b25fe0e-X",
        "FLWPUBK-0ab2dd26a4342c9f9d6f63c9129e6f01-X",
        "HRKU-AAbhEenTNpHmnsrUAT8eBpKhVCzSvyvzbA6bIr9bDXJKwXx5rYPT3ugeNBGU",
        concat!(
            "IQoJb3JpZ2luX2Vj",
            "EJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQDxq0fjzLczbttOofL9Zx8qLm2PvR7tKw4N",
            "AiB3kZ7Lq9Wz+R4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7Xb8hT2kLq9WzR4vN7mY3cF6jD1s",
        ),
        "LTAIKDPOSWy5m1Z1hoSAAv6M",
        "PMAK-82743dce9a82d97d3f73263a-652bc76a32adedcc2bd589cf242b0abddc",
        "access-sandbox-3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
        "access-production-3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
        "access-development-3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
        "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",
        "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t9LXrSuV33xQ0LCU7FwJ9Owp375Q6S3lXBeFLkYdb",
        "bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t",
        concat!("cmVmd", "GtuOjAxOjE3MzU2ODk2MDA6UmR4bTk3WGZZaFBrQ2pEeExzT1Fqd1BmQ2xz"),
        "dnkey-WaGB8Q9LPyE20ABGaPLNdwv9L9-tVGiybhFHbln5Z1yDc7SE5okTQN5HemEdC2SuocKXfx11MmQ3dh6",
        "doo_v1_da8c4a12f6d9bd6c1fd0a892d219762e04ef6003514991ee39c710f8f54530a0",
        "dop_v1_1858acb7697aa2c5146ef812128f3fb8f04a959c8bdec5625e7d441a4a3eab06",
        "dor_v1_0d9c4811d7a5313f54d5d8601d7e7e896f1d83baee7a4a786ac5aae1ecbc3f13",
        "duffel_live_Ghjsf3GO2CF9odFdbiRHB2jNVfoCiTsV8HzmRLlI16i",
        "duffel_test_j04ZNIL4kus5LQgljhfMUQcnHWGXDP1VPBrlHV4NBhz",
        "fio-u-1ip654yASDHPLC03cJVrE8isFupzYVkN2jVaKiDTW92sOf8A8lDI4cGpFEQNXree",
        "fm1a_9TJVp4gzIwq6pWi3GcrG7doHXiD6d9lfRvkqBPQDeuedtTOyRguCSdJUn1Wl6O4y3yBXg7MIrNsgHHRm6iyN9v9Fif1Rl8TJaYmtYT10IHVEQA",
        "fm1r_KjemiHeN4gNYJXPu1Kz9HeAYX9fRPiPDQgzLCrOJYkrV1e88dhv9uhOcQj0xJJzz1TSki5F6ELgJnRSmQ97pTwh0vegYJzDnx4XFdjWaISlwUY",
        "fm2_UggYurGdSpxom6crk2cP21Am0nALmERsKvJIKrxFDNDZ8kcqVXY34B9MZZ0nKp34YW3pHsoKFXrcbmZhlIONbV3FHx25TuCOglnCENnQBmLlYi",
        "fo1_qK6g2vY3eXVc37CsmcGzzlrHErC383TlwlyY2GDupVZ",
        "glagent-blzG84SdVgxgca5lXhDxSP5zlUV0rgLfa2BlVmNO72JWeBdJRs",
        "glcbt-UZ6_gI0hszNRvGr7lcgn6hm0",
        "gldt-D81YqIRmxf7kueeR0zFS",
        "glffct-DEZ3hypOqchpXcujGNOk",
        "glft-GdQy9sPXwJgAqXSpjzxH",
        "glimt-WbsbZtNMgrLHO9jFupWvAjNRm",
        "gloas-XB5KdrjK9IeT0qmK1InjI9OyRZOBlWa2XRBxafMNXq2FlJK8qqdWXIJuPRURRsos",
        "glptt-7104a25409336403599c81fb0cfb8d501bdaa9c4",
        "glrt-a5FATDcs7LHuVAUSUZeo",
        "glsoat-0verjMO2ADclDAxae6cG",
        "glc_7gPxpIs9ELxJVLuiwWVOZ1aJGdkSua9KcIj6oCw1qt9W1z9g",
        "glsa_c0jVK9grgFWP7S4S0TTHl625ZilPMr8a_e28dc4bf",
        "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",
        "ico-q9ur0TJ9nyTDaqW6c31DYb8yTHW0S4yx",
        "key-35604d716714774c9eb511e79ad5de87",
        "lin_api_EMot3GLeXhn9v1EELWHbgxWG4sPSEmPXxKf2I1EW",
        concat!("lin_oauth_", "70f58904dba41ecccc3fc1626e53a13043b026c48bbf33feff9243a8f506b409"),
        "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",
        "ops_eyJCPrYMxw3zznr5flbA7VcaIrGiR6hV20WvkIU61sS7LhD4gi854zjMo4YK9gHVocKSoTuvJZuhDJoKwsAazkZ6FUQS20rLzVJsbF2F9Tt3FVVqV7zKZnmU8hJ4MbMHGgUlrROzSTefjQBi5PowR67x4mJf8sNOIdiB6Dkmehm2CoWvbq2ZouiLilnac3rfcqT6oj9olk4vZi9s70wAF56ckNdq0Jlq1ekxLJ7TOGhAO5ENfoaZG61IjnmiJaW9vZndZ6V",
        "p8e-G5oeyNMrAottiRDdjW4CAeZpvfd55TIs",
        "pnu_v0fueKthLyCblpSSVJJxzjCVUnfIkstoSWLn",
        "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",
        "pscale_oauth_0GNgNzp8Lk04emUQWgZqnHdVgwXpNEqIIKIz41v7SVR",
        "pscale_pw_hYjIMbRfI1jyrNGvmzDFQWWYhjtjNdC5I3eb4P6JC5u",
        "pscale_tkn_HlBs2SfpTdMOFbSqRU32sgeisuP0XM0fUzD8DPCtukD",
        "pscale_tkn_bsJ38m2g08nlTYvj=z.yBx=Z4oC7A1Bv1nrwy8ZS",
        "pubkey-cce4bd082e12f8dd75975e5a6ca71327",
        "pul-d1c64e39f4617eb60beade5dbc7eea714dbef38a",
        "r8_zyYNpHDoiViXx0rwroo3BUe2N09kuQwdDx27S",
        "rdme_u7kv4hl8r60ybhot386xccbabagy8ohkn004ytoh2xdyhb6xnpl2o8djfej9jk6ocsnbpn",
        "rk_prod_nyRHolDUwfIOK8w0APGkm92V",
        "rubygems_04e994a85035cb5c3d753025d23d043198fac9a5327469fc",
        "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",
        "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",
        "sgp_44167987669870e0_ac7a20b9e1e4a036e9e3d2d147a38ce3fb2b4c97",
        "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",
        "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",
        "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",
        "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",
        "shippo_live_e029391aead5b47512ae4b709db30ad575c5e04a",
        "shippo_test_133c11ff4fd4c05160e6afaac30f714f8c7ddf2d",
        "sk_prod_tCEakHVz8Q7FK3J6cdNEAdbU",
        "sm_aat_lWCZLM9OevgSj8kY",
        "sm_pat_nqajBwZ6WBypXAEJ",
        "sm_sat_Wk48WqqAybX6VMsQ",
        "sntrys_eyJpYXQiOs3tylR2rg93ACZDX2A28cCqWBfXFMeM5g03LEQtIJko4kNbFCTZd3eLYun2JWaFmT2rojemAJ2W7tPqX",
        "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",
        "sq0atp-DqedYFYf1lqrQDkeNGqK4I",
        "sq0csp-PE9KTPaCjhENF5QhdIdZA6V9QiK3wrA4WahnJkThRDv",
        "tfp_GuSwFWiVjToIET0c7MK3W2bAvG2nWQe5X0MDz7QjypXU",
        "tk-us-Bct9ewQeXMs6r2E9MJirSHd56m1r1eheozjnK0JOeHx4tCJL",
        "v1.0-bef13835b5ced7b91705e434-1d18ee544291e011e4b998c0a374e8758100e4ce9d1196edd5b59e0f7976691f66b19c6f689fab1c1af2ab644feaae772b97119195a4f576332ba8a5c33ca8a87049935f3c4087092b",
        "whsec_LlB2Nk9iVBxXEpovomEXD5Lw2CkbHK6M",
        "xapp-1-A0QCVPW15DN-4934229233811-e6c78b6e4ea75debbbf31045a88cfb2046381177f846d47f2c4511c094a6eeaa",
        "xoxo-36473858332-131627684023-154d537add6fc7bd262623167940e1dd",
        "xoxe.xoxb-1-OG3SY0O6400LQNKO9IVPB0IXQWB9MM7QIGKNX0MX5ITIENPRS4870IPZ9KUYITPFYEGOKA388T5SXVB4E7D0N3XJ2VHRH7NDP3O1YFUR859O313HDOLCYG9A0FUU29ANNVR6BIB4QLNRP9G9KS1DI8TPTV1GHJB5Z76",
        "xai-v7xPiH0Tcp1cs0i4veaQFTBciAE3vZMeJDhED8kwDmhXYOHQ8AK7Vrs9N2e1lDeuoYvirRcqLhsUCuKc",
        "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",
        // Assembled, so that secret scanners reading this file find no token.
        concat!("4b1d", "qsR6RZ24lPoQj3oPUlieI2nVsbBi1RMar1jf3Y"),
        concat!("EZTK", "Z4Zq0CVB8iY4qw2oF5WJKBQx4BOuPhw0MZOqSCJNViCRUCIlsmlHwq"),
        concat!("GOCSPX-", "1aB2c3D4e5F6g7H8i9J0kLmNoPqR"),
        concat!("GR1348941", "xDqMrz4iKFJpKp4mSxie"),
        concat!("SG.", "BPO9DyaUB73cojFZS1COqk.UAV3q4WZwmT2OxHTQi5TMpUFn3NcLSLcwLUKvlsmkYR"),
        concat!("SK", "3752d1ea20493d982fb10aa4ff7691c5"),
        concat!("SU", "QMW4WXFOGO6MVN6A6WFHYM6L3VFZ5ZFKKIBJ5J6WJIBAGI3MNBQNSPUQ"),
        concat!("SA", "2IDW52IJB4LAJLJ6HDU6GDPMRCG4BE4UMR46PQM4I2HZ4UEP3ENTHJXJ"),
        concat!("SO", "QI5OGZ7KOK3ZV2MWUFXBV54BYVSEHOGFQRCLRI3QZJ7UFRDL3ERBFQFO"),
        concat!("atlasv1.", "jq1nq1pwps1nw1cuz3fecatm249yvds71ijdhxknttyscwigx521cw8siduk8iapjf4"),
        concat!("authress_", "xewqndpp72.gsmtb.acc_9dhi8x8ztj8tqfxdbkag.HTr3fvZOBkN1RTSs6WchgtzyEyrjYjCtaHbIqrvo7p9282xAk1WZEAqjDL59"),
        concat!("dapi", "e6cf601f5430492f16d004941d87f037"),
        concat!("ya29.", "a0AfH6SMBx3kQ8vL2mN9pR4tY7wZ1cF5gJ0hK3sD6aE8bU2iO4qW9eR1tY5uI7oP0aS3dF6gH9jK"),
        concat!("ya29.", "c.c0ASRK0GaXb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7"),
        concat!("dp.pt.", "uHGaKC5W6vPoMdHSBp6GVagx6j7D0w1iRwUoQsLfqTi"),
        concat!("dp.st.", "dev.iUlMgdIPjNVGbXD4wyK0KFZKGAe72CH8rvyRh6nR"),
        concat!("dp.sa.", "uyLeXE7At07YbTCyAEK5VdfqnajIut19HnB7JsanO4f"),
        concat!("dp.ct.", "VhPi9eJyOnukbkSlddoBK4lQXTASfZF2GjhdwNdH0HX"),
        concat!("dp.scim.", "YVlfTXBtAtpqsZLTJA6srVTng1Pfkd2h9WqjZoNtggF"),
        concat!("dp.audit.", "CMgcT5KIAiTEoEv1xhaT4FfSgXZ20rCaA6iTaOHipwj"),
        concat!("dt0c01.", "11BWXVWMGJKK1D1H509NJYBZ.ZV1ZSF9PZK9D32G862J9C9MBP1C5R1CWM3ZK2N1ZDZZOM1NCCB27ZZ6I3F552F86"),
        concat!("ext_", "6ad5lphb09.gopbn.acc-cmr57jjjblesk4m5ape3.XheUMeyHSlmK6dUbyNnU4CRZvjCOMOXl4i1pLH8YSTYKSeGUBGZkzNApXtsC"),
        concat!("eyJrIjoi", "XWagWCDpTQZ0lqbUXD9nJrMI6ZTM5aQY6LiBvpCbSzrgic4vCbe25eh7xfNWQX5lVKF4KDKT"),
        concat!("eyJhdXRocyI6", "IHsicmVnaXN0cnkuZXhhbXBsZS5jb20iOiB7ImF1dGgiOiAiWW05aU9taDFiblJsY2pJPSJ9fX0="),
        concat!("hvb.", "aDGTb9NvJV9wf4AWA253fMn8vjhKjeyLsRFsVZQA0mFmgKIytcetCmEaRdBHeENtnPhMNSRuat8EbPkHvcZsVYVZBa6BiR9BdxjkWxX5Rypt3UGEnbgukdposwY5M1z1HOsaaV6mW8q6"),
        concat!("hvs.", "eJUUpigA3zC0suJqeSBsPo3BhE5pgenhvnkRfPwzpmLGuhfRu9ADSAyzexKAGlqsYSyEIeIj61ewP1TNaOvwAL4AVHy8kgP"),
        concat!("pat.", "n95U7z0O3GgMTnhQ2OzAFR.H3nzKe3rCSCax0m0sF1r9lxR.sUv33Xq0lcu7fWj9oWP3"),
        concat!("pat", "75q6s3LxbEflKy.edbd308572003d756e5a3d23dc1e929863f2e19e5bf68eda8c4a12f6d9bd6c1f"),
        concat!("sat.", "AG46K9aWTvr376teNBfJdt.VpQYRneJCbiDF9naag95l6cG.is2tcUZLRC9SCgsyo4c6"),
        concat!("sc_", "a5r47ljlgb.vkrqa.acc_crkruywons9ouueylci8.m96QND98ERqcfdNRSeRr6EgEP5TN8wqE7LbXLiu5HslsyqwADIzknekXDpH2"),
        concat!("secret_", "P3fS2qHx6kwXoIIXGvOoNZYW2mZp0zVZomHFwUbbYrE"),
        concat!("scauth_", "1jjcujvg96.okqsl.acc_ana706tyjq6cd0oukhdh.NU6ESlRi23AkBKqT1nSVHGXP6acAoRDTUpWCrQHsnQFd0A9OT3rGhQwQuPCC"),
        concat!("sha256~", "pu1iv4SXoPqWmuylvIvD4Pc3DzZx7T24zKhM8556Fch"),
        concat!("dckr_pat_", "1MULwJodFX1GOZrhrztAQpiN0k8"),
        concat!("dckr_oat_", "OMjRZA0G6vbBxKd5WVwd9ExLXa3zphJn"),
        concat!("figd_", "Z_YxzGtoBgNOOgu1lNGZ9jkECHuLg_Y_C04j6BD9"),
        concat!("lsv2_", "pt_7ab569dbe23065eee4fe09850eaa6183_003f9630e7"),
        concat!("lsv2_", "sk_0c3d11688bbdc0a219aa3a47f9e3872d_96fb46492d"),
        concat!("napi_", "27y7j9jk8u5s0epkjp19u826isp5q6mxahv5e1f6ypkesesv3ujjrtyu6j1gqpnn"),
        concat!("oy2", "tzqlvxjqckqrd7tbalthjitgyyyy6y4x9h3erkbpcxs"),
        concat!("pcsk_", "I3x1U_Byr8ftz6Pn4uac3KLdwRPFzBNqStC5X8kWAnmn2xV4T8moWO1yeDQmwUGYi8"),
        concat!("rnd_", "2lFaEgA3PEg9lFbqEimkqjc2hsCdf5s2"),
        concat!("sk-or-v1-", "89c81092189bf631bbfeafb703b4c321c3e46e180334f7999a0d2c0e3aae1f2e"),
        concat!("sk-lf-", "9342a146-9d23-c1fd-d87c-47a7afa636e6"),
        concat!("sk-", "edbd16370818bdc100aa5ba78ee3404e"),
        concat!("sk_", "4e005ccc386640ea4f7db8ef2537f79388ae8c0e856631b3"),
        concat!("sbp_", "16ba76550f1eddae102259c1495a5aaf7e9d65d9"),
        concat!("sb_secret_", "7NhQrPeaMmkUoBlVu-8Or48BC1dEyj0"),
        concat!("tvly-", "dev-LpErLsIlvCjQu9Xqre9U1Eq6CyZRaHXk"),
        concat!("tskey-", "auth-kXGGbW4CNTRL-Ds7yZ6cUyQ3v2qP9aMxW1hNf8TbJ5eK4L"),
        concat!("xai-", "ARvanPVdEshNZOOx6qGxStSocpbFeWB0czP8Uw31N0oW965MP4qr6GsK7I0daq8OZxaSLUoJ0iRCc71u"),        concat!("ATATT3", "u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzdocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFRIBXuDL7DxtpYlSXpfKtHF4vUCsMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8rESQedUStPKR0CsTy-4Qwb8DwkNhFdnXsiVpzz_63FfkCzJr4i0B3="),
        concat!("NRAK-", "JrTAwR4y9ojfljoQoaF1LlqsajA"),
        concat!("NRJS-", "ba41ecccc3fc1626e53"),
        concat!("NRII-", "vMdgaKjIg8-xNbe3nNyjOq9wMxEhh2FD"),
        concat!("sl.", "EEtfjgVvVqE1SkHbn88HxjSI6bWHtP3fS2qHx6kwXoIIXGvOoNZYW2mZp0zV-ZomHFwUbbYrEqmSM9wCZ7Uw9xfogoEmvnEN5N1aE_6PwZPf1Qh6yYTWmE4lBYOvfZ8UzDzV8fUk"),
        concat!("live_pub_", "5404e4fb440034d6608697a8d41bed4"),
        concat!("live_", "40e50454f31af3176813e02ea68ef786e4d"),
        concat!("live_", "hzCueQpBenQtYh5Xj8TPQxjq4i9DoV8gz4FkQ1ok"),
        concat!("test_pub_", "dcad6ba2b0aee0ca923732881584d8c"),
        concat!("test_", "4fa2815d2802827283e0ad8417358156996"),
        concat!("t1.", "sCGRlrwZbqcabUGJmGEp=.7CgQ0PBQFI14zGtSnovm14TUOizwd1iaeOV4qBkdfQ1y3GQsMpSscDlkrCaqx9vJupc94tnwlavyfErGPmpGXa"),
        concat!("pk.", "fq0fjzLczbttOofL9H2WjQ5TY4MyWuUFjsUNPjc01T5GOBUSZGi6HWGK10Zb.0RLZ5TR9SPofbciOx9gy1C"),
        concat!("sk.", "JdObOIRpFqaDZeV7G5IfQHeVVEqZe2qpUWnoVPDF2yeE6RsXcNOPmeMjvqPV.StNKiaEdFrRgSnRFsTHsDD"),
        concat!("squ_", "e3692f09e2e8c662248b483b7ffc050fec94dbca"),
        concat!("sqp_", "3a0aac36098b2cc2bd818319478da6bd0c621de4"),
        concat!("sqa_", "9f145fda9988c79fc35526f7eaed46725a2a7b86"),
        concat!("MTE4NTQ2MjM0NTY3ODkwMTIzNA", ".GhJkLm.", "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("Mj", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("ND", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("NT", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("Nj", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("Nz", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("OD", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("OT", "E4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
        concat!("YC", "4bV3AyAVHnyrvWdFrK9xiRGHOY32nfr5pyzPCB"),
        concat!("LS0tLS1CRUdJ", "TiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBMWM3Kzl6NVBhZDdPZWplY3NRMGJ1M2F1bWpIbWgzVHRBQW5LY256R1VMKzdZbXZ2ClFLOUEyYk84eWMwSXYxcDl5SzN0WHYwbU5jSndMOVFxUTZ2UzhlT0oweDZqOFM1cjVzMnNCKzNYblVvUFowYjIKLS0tLS1FTkQgUlNBIFBSSVZBVEUgS0VZLS0tLS0K"),
        concat!("LS0tLS1CRUdJ", "TiBQUklWQVRFIEtFWS0tLS0tCk1JSUVvd0lCQUFLQ0FRRUExYzcrOXo1UGFkN09lamVjc1EwYnUzYXVtakhtaDNUdEFBbktjbnpHVUwrN1ltdnYKUUs5QTJiTzh5YzBJdjFwOXlLM3RYdjBtTmNKd0w5UXFRNnZTOGVPSjB4Nmo4UzVyNXMyc0IrM1huVW9QWjBiMgotLS0tLUVORCBQUklWQVRFIEtFWS0tLS0tCg=="),
        concat!("LS0tLS1CRUdJ", "TiBFQyBQUklWQVRFIEtFWS0tLS0tCk1JSUVvd0lCQUFLQ0FRRUExYzcrOXo1UGFkN09lamVjc1EwYnUzYXVtakhtaDNUdEFBbktjbnpHVUwrN1ltdnYKUUs5QTJiTzh5YzBJdjFwOXlLM3RYdjBtTmNKd0w5UXFRNnZTOGVPSjB4Nmo4UzVyNXMyc0IrM1huVW9QWjBiMgotLS0tLUVORCBFQyBQUklWQVRFIEtFWS0tLS0tCg=="),
        concat!("LS0tLS1CRUdJ", "TiBEU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBMWM3Kzl6NVBhZDdPZWplY3NRMGJ1M2F1bWpIbWgzVHRBQW5LY256R1VMKzdZbXZ2ClFLOUEyYk84eWMwSXYxcDl5SzN0WHYwbU5jSndMOVFxUTZ2UzhlT0oweDZqOFM1cjVzMnNCKzNYblVvUFowYjIKLS0tLS1FTkQgRFNBIFBSSVZBVEUgS0VZLS0tLS0K"),
        concat!("LS0tLS1CRUdJ", "TiBPUEVOU1NIIFBSSVZBVEUgS0VZLS0tLS0KTUlJRW93SUJBQUtDQVFFQTFjNys5ejVQYWQ3T2VqZWNzUTBidTNhdW1qSG1oM1R0QUFuS2NuekdVTCs3WW12dgpRSzlBMmJPOHljMEl2MXA5eUszdFh2MG1OY0p3TDlRcVE2dlM4ZU9KMHg2ajhTNXI1czJzQiszWG5Vb1BaMGIyCi0tLS0tRU5EIE9QRU5TU0ggUFJJVkFURSBLRVktLS0tLQo="),
        concat!("LS0tLS1CRUdJ", "TiBFTkNSWVBURUQgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVBMWM3Kzl6NVBhZDdPZWplY3NRMGJ1M2F1bWpIbWgzVHRBQW5LY256R1VMKzdZbXZ2ClFLOUEyYk84eWMwSXYxcDl5SzN0WHYwbU5jSndMOVFxUTZ2UzhlT0oweDZqOFM1cjVzMnNCKzNYblVvUFowYjIKLS0tLS1FTkQgRU5DUllQVEVEIFBSSVZBVEUgS0VZLS0tLS0K"),
        concat!("LS0tLS1CRUdJ", "TiBQR1AgUFJJVkFURSBLRVkgQkxPQ0stLS0tLQpNSUlFb3dJQkFBS0NBUUVBMWM3Kzl6NVBhZDdPZWplY3NRMGJ1M2F1bWpIbWgzVHRBQW5LY256R1VMKzdZbXZ2ClFLOUEyYk84eWMwSXYxcDl5SzN0WHYwbU5jSndMOVFxUTZ2UzhlT0oweDZqOFM1cjVzMnNCKzNYblVvUFowYjIKLS0tLS1FTkQgUEdQIFBSSVZBVEUgS0VZIEJMT0NLLS0tLS0K"),
    ];

    #[test]
    fn every_example_is_redacted_in_prose() {
        for example in EXAMPLES {
            let text = format!("upstream said: {example} was rejected");
            assert_eq!(
                redact_secrets(&text),
                format!("upstream said: {REDACTED} was rejected"),
                "{example}"
            );
        }
    }

    #[test]
    fn led_formats_are_redacted_in_prose() {
        // Assembled, so that secret scanners reading this file find no token.
        let examples = [
            concat!("xY3", "8Q~", "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x"),
            concat!("aB3dE5", "_", "fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5z", "_mmk"),
            concat!(
                "9qpVTzqA05MFsH",
                ".atlasv1.",
                "wiqD9jJBAciI05FhfwKVqlUr5Qrec8TNecj9iNOrjj5VfqRTk8j1d_bWWbjkloG1QX6"
            ),
        ];
        for (format, example) in LED_FORMATS.iter().zip(examples) {
            let text = format!("upstream said: {example} was rejected");
            assert_eq!(
                redact_secrets(&text),
                format!("upstream said: {REDACTED} was rejected"),
                "{}",
                format.provider
            );
        }
        assert_eq!(LED_FORMATS.len(), examples.len());
    }

    #[test]
    fn no_prefix_holds_two_line_bytes_in_a_row() {
        // The scan passes over the anchors inside a line of `-`, `=` or `_` (see
        // `anchor_scan::is_inside_line`): a prefix found from such an anchor holds
        // its byte twice in a row, or is that byte alone. (The led rows are found
        // from their runs, whose blocks the scan hands out inside lines too.)
        let line_byte = |byte: &u8| matches!(byte, b'-' | b'=' | b'_');
        for format in FORMATS {
            let prefix = format.prefix;
            let doubled = prefix
                .windows(2)
                .any(|pair| pair[0] == pair[1] && line_byte(&pair[0]));
            let alone = prefix.len() == 1 && line_byte(&prefix[0]);
            assert!(!(doubled || alone), "{}", format.provider);
        }
    }

    #[test]
    fn every_format_has_an_example_or_an_older_test() {
        let older = [
            "AKIA",
            "ASIA",
            "ABIA",
            "ACCA",
            "AGPA",
            "AIDA",
            "AIPA",
            "ANPA",
            "ANVA",
            "AROA",
            "APKA",
            "ASCA",
            "AIza",
            "eyJ",
            "ghp_",
            "gho_",
            "ghu_",
            "ghs_",
            "ghr_",
            "github_pat_",
            "glpat-",
            "hf_",
            "npm_",
            "pypi-",
            "rk_live_",
            "rk_test_",
            "sk-",
            "sk_live_",
            "sk_test_",
            "xoxb-",
            "xoxp-",
            "xoxa-",
            "xoxr-",
            "xoxs-",
            "xoxe-",
            "xoxe.xoxp-",
        ];
        for format in FORMATS {
            let prefix = std::str::from_utf8(format.prefix).unwrap_or_default();
            assert!(
                older.contains(&prefix)
                    || EXAMPLES.iter().any(|example| example.starts_with(prefix)),
                "{} ({prefix}) has no example",
                format.provider
            );
        }
    }
}
