import type { ProviderRule } from './provider-rule.ts';

const specs = 'HubSpot/HubSpot-public-api-spec-collection: PublicApiSpecs';
const docs = 'https://developers.hubspot.com/docs/api-reference/latest';
const invoicesGuide = `${docs}/crm/objects/invoices/guide`;
const lineItemsGuide = `${docs}/crm/objects/line-items/guide`;
const invoiceProperties = 'https://knowledge.hubspot.com/invoices/hubspots-default-invoice-properties';
const timestampsFaq =
  'https://developers.hubspot.com/docs/faq/how-should-timestamps-be-formatted-for-hubspots-apis';
const currenciesSpec = `${specs}/Settings/Multicurrency/Rollouts/145897/v3/multicurrency.json`;
const oauthSpec = `${specs}/Auth/Oauth/Rollouts/279897/2026-03/oauth.json`;
const contactsGuide = `${docs}/crm/objects/contacts/guide`;
const propertiesGuide = `${docs}/crm/properties/guide`;
const companiesGuide = `${docs}/crm/objects/companies/guide`;
const associationsGuide = `${docs}/crm/associations/associations-v4/guide`;
const mergeChangelog =
  'https://developers.hubspot.com/changelog/updated-merge-functionality-for-contacts-and-companies';

const rule = (id: string, text: string, source: string, stricter?: string): ProviderRule => ({
  id,
  provider: 'hubspot',
  rule: text,
  source,
  ...(stricter ? { stricter } : {}),
});

export const hubspotRules: readonly ProviderRule[] = [
  rule(
    'property-values-typed',
    'A record write checks each value against its property\'s type: a number property takes a finite number (else INVALID_LONG), a bool property true or false (else INVALID_BOOLEAN), a date property YYYY-MM-DD or midnight UTC in epoch milliseconds (any other time of day: INVALID_DATE), a datetime property epoch milliseconds or ISO 8601, an enumeration one of its option values (a checkbox several, separated by ";"; else INVALID_OPTION naming the allowed options); a property the object does not have (or archived) answers PROPERTY_DOESNT_EXIST. Each is a 400 VALIDATION_ERROR property problem.',
    `${propertiesGuide} (Property type and fieldType values; enumeration options); ${timestampsFaq} ("Date properties … must be set to midnight UTC … If you try to set a value that is not midnight UTC, you will receive an error")`,
  ),
  rule(
    'property-create-in-group',
    "POST /crm/v3/properties/{objectType} creates a property with name, label, type and a fieldType valid for that type, in an existing property group (else 400); a name already taken answers 409 OBJECT_ALREADY_EXISTS; a property group is created by POST …/groups, 409 when it exists. Both need the object's crm.schemas.<object>.write scope.",
    `${propertiesGuide} (Create a property: "both type and fieldType values are required"; groups); https://developers.hubspot.com/docs/methods/contacts/v2/create_contacts_property ("Returns a 409 Conflict error if there is already a property with the 'name' you used")`,
  ),
  rule(
    'property-list',
    "GET /crm/v3/properties/{objectType} lists the object's properties that are not archived, each with name, label, type, fieldType, groupName, options, calculated, hubspotDefined and modificationMetadata.readOnlyValue; an archived property is listed only with archived=true.",
    `${propertiesGuide} ("You can also retrieve all an object's properties via API")`,
  ),
  rule(
    'invoice-currency-required',
    'Creating an invoice (single, batch create, or an upsert that creates) without hs_currency answers 400 VALIDATION_ERROR "Cannot create object with type: INVOICE. The following required properties were missing: [hs_currency]" with errors[].code REQUIRED_PROPERTY on hs_currency; clearing it later answers the same property problem.',
    `${invoicesGuide} ("The only property required for creating a draft invoice is hs_currency"); wording as HubSpot answers other objects' missing required properties`,
    'Clearing hs_currency on an existing draft is refused too.',
  ),
  rule(
    'invoice-created-as-draft',
    'A new invoice is a draft: hs_invoice_status is set to draft, and creating one with another status answers 400, property problem INVALID_INVOICE_STATUS on hs_invoice_status.',
    `${invoicesGuide} (create a draft, configure it, then move it to open)`,
    'The guide only describes the draft-first flow; creating as open, paid or voided is refused.',
  ),
  rule(
    'invoice-status-transitions',
    'hs_invoice_status moves draft→open, draft→voided, open→paid, open→voided; the same status is a no-op; any other move (paid→open, paid→voided, voided→*, draft→paid, open→draft) answers 400 INVALID_INVOICE_STATUS "An invoice cannot move from <from> to <to>." On →paid hs_payment_date is set.',
    `${invoiceProperties} (Draft: "can be edited, voided, or deleted"; Open: finalized, not yet paid; Voided: "finalized but voided")`,
    'Nothing says whether a paid invoice can be voided or a draft paid directly: both refused.',
  ),
  rule(
    'invoice-open-requirements',
    'draft→open needs exactly one associated contact, at least one associated line item and hs_currency; otherwise 400 INVALID_INVOICE_STATUS "The invoice cannot move to open: it needs <what is missing>."',
    `${invoicesGuide} ("To move an invoice to the Open status, one contact and at least one line item must be associated")`,
    '"One contact" is read as exactly one.',
  ),
  rule(
    'invoice-finalized-not-editable',
    'Once open, paid or voided, a write that changes any invoice property other than hs_invoice_status answers 400, property problem INVOICE_NOT_EDITABLE per property; re-sending unchanged values is allowed.',
    'https://knowledge.hubspot.com/invoices/manage-invoices (finalized invoices are edited only where an account setting allows it; paid ones never)',
    'The account setting that allows editing finalized invoices is taken as off.',
  ),
  rule(
    'invoice-delete-draft-only',
    'Deleting (archiving, single or batch) an invoice that is not a draft answers 400 VALIDATION_ERROR "Invoice <id> is <status>; only draft invoices can be deleted."; a batch archive then deletes nothing.',
    `${invoicesGuide} ("You can delete invoices with a hs_invoice_status of draft and open (if enabled in your account settings)")`,
    'The setting that allows deleting open invoices is taken as off.',
  ),
  rule(
    'invoice-calculated-amounts',
    "hs_subtotal and hs_amount_billed are the sum of the associated line items' amount, hs_amount_paid is all of it once paid (else 0), hs_balance_due = billed − paid; hs_number is generated (INV-1001, …). They follow every write, association change included.",
    `${invoiceProperties} (Amount billed, Balance due, Number)`,
  ),
  rule(
    'read-only-values',
    'Writing a property whose readOnlyValue is true (any object type: hs_object_id, last-modified dates, an invoice\'s hs_subtotal, hs_amount_billed, hs_amount_paid, hs_balance_due, hs_number, hs_invoice_link, hs_payment_date) answers 400, property problem READ_ONLY_VALUE "\\"<name>\\" is a read only property; its value cannot be set." ("a calculated property" for calculated ones).',
    'https://github.com/HubSpot/ui-extensions-examples/issues/77 (a read-only property answers 400); readOnlyValue in the properties API',
    'Which invoice properties are read-only is not listed: the calculated amounts, the generated number and link, and the payment date are.',
  ),
  rule(
    'invoice-dates',
    'hs_invoice_date and hs_due_date are datetimes (ISO 8601 or epoch milliseconds, else INVALID_DATE) and default to the time of creation.',
    `${invoicesGuide} (Datetime; "If no value is provided, this property will be set automatically to the current datetime")`,
  ),
  rule(
    'line-item-billing-frequency',
    'recurringbillingfrequency takes weekly, biweekly, monthly, quarterly, per_six_months, annually, per_two_years, per_three_years, per_four_years or per_five_years; anything else answers 400 INVALID_OPTION.',
    lineItemsGuide,
  ),
  rule(
    'line-item-term',
    "A line item's hs_recurring_billing_period is a non-zero ISO-8601 period PnYnMnD or PnW, in weeks with weekly/biweekly billing and in months or years with the other frequencies; anything else (monthly, P0M, P1M with weekly, P2W with monthly) answers 400, property problem INVALID_RECURRING_BILLING_DURATION.",
    `${lineItemsGuide} ("accepts ISO-8601 period formats of PnYnMnD and PnW"; "Use PnW … with weekly or biweekly frequency, and PnM or PnY … with all other frequencies")`,
    'The frequency pairing is advice in the guide and zero terms are not mentioned: both refused.',
  ),
  rule(
    'product-term',
    "A product's hs_recurring_billing_period is P#M, a whole number of months; anything else answers 400 INVALID_RECURRING_BILLING_DURATION.",
    `${docs}/crm/objects/products/guide ("formatted as P#M, where # is the number of months")`,
  ),
  rule(
    'line-item-start-date',
    'hs_recurring_billing_start_date is a date: YYYY-MM-DD or midnight UTC in epoch milliseconds, anything else answers 400 INVALID_DATE.',
    `${lineItemsGuide} (example "2025-09-01")`,
    'Times of day are refused rather than truncated.',
  ),
  rule(
    'line-item-price',
    "A line item's price cannot be negative: 400, property problem INVALID_PRICE on price.",
    `${lineItemsGuide} ("The price specified within the properties field cannot be negative")`,
  ),
  rule(
    'currency-enabled',
    'deal_currency_code, hs_line_item_currency_code and hs_currency take only the portal\'s enabled currencies (company currency, USD by default, plus added ones), exactly as written; "eur", "XYZ", or "EUR" before it is added answer 400 INVALID_OPTION "\\"EUR\\" is not a part of the current effective currency codes for portal <id>".',
    'https://developers.hubspot.com/changelog/deal-currenct-code-validation',
    'The changelog names deals; line items and invoices are held to the same rule, and lower-case codes are refused.',
  ),
  rule(
    'settings-company-currency',
    'GET /settings/v3/currencies/company-currency (and /settings/currencies/2026-03/…) answers { id: <code>, createdAt }; it needs one of settings.currencies.read, cpq.quotes.read/write, crm.objects.quotes.read/write, else 403 MISSING_SCOPES.',
    currenciesSpec,
  ),
  rule(
    'settings-exchange-rates',
    "GET /settings/v3/currencies/exchange-rates/current answers { results: ExchangeRate[] }: one per added currency { id, fromCurrencyCode, toCurrencyCode: <company>, conversionRate, visibleInUI, createdAt, updatedAt, effectiveAt }, plus the company currency's own 1.0 rate once there are added currencies.",
    `${currenciesSpec}; https://developers.hubspot.com/docs/api/settings/currencies (self-referencing company rate)`,
  ),
  rule(
    'settings-add-currency',
    'POST /settings/v3/currencies/exchange-rates { fromCurrencyCode, conversionRate, effectiveAt? } and POST …/central-fx-rates/add-currency { currencyCode } add a currency (or a new rate for an added one) and answer 200 ExchangeRate; they need settings.currencies.write (403 otherwise); an unsupported code, the company currency, or a rate ≤ 0 answers 400 VALIDATION_ERROR.',
    `${currenciesSpec}; https://developers.hubspot.com/docs/api/settings/currencies`,
  ),
  rule(
    'oauth-currencies-scope',
    'settings.currencies.read (and .write) are scopes the stand-in knows: an app may request them, optional_scope included, and its token then reads the currency settings.',
    currenciesSpec,
  ),
  rule(
    'batch-duplicate-ids',
    'A batch update or upsert naming one record twice answers 400 VALIDATION_ERROR "Duplicate IDs found in batch input: [<id>]. IDs must be unique" with context.ids, before writing anything.',
    `${specs}/CRM/Objects/Rollouts/424/2026-03/objects.json (batch/update, batch/upsert); wording as HubSpot answers it`,
  ),
  rule(
    'batch-all-or-nothing',
    'Batch create, update and upsert check every input first: one invalid input answers 400 with its error and nothing is written (ids that match no record in an update are still reported with 207).',
    `${docs}/error-handling (multi-status answers only for batch creates sent with objectWriteTraceId)`,
    'Multi-status with objectWriteTraceId is not offered: every batch is all-or-nothing.',
  ),
  rule(
    'search-in-lowercase',
    'IN and NOT_IN filters on a string property take lower-case values (matched against the lower-cased index, so "ada@example.com" finds "Ada@Example.com"); an upper-case value answers 400 VALIDATION_ERROR.',
    `${docs}/crm/search-the-crm ("When searching a string property with this operator, values must be lowercase")`,
    'What HubSpot does with upper-case values is not said: refused.',
  ),
  rule(
    'search-rate-limit',
    'POST /crm/v3/objects/{objectType}/search takes 5 requests per second per portal; the sixth within a second answers 429 { status: "error", errorType: "RATE_LIMIT", policyName: "SECONDLY" } with Retry-After: 1 and no X-HubSpot-RateLimit headers. Searches are not counted in the 110 requests per 10 seconds, and a search page holds at most 200 records (limit over 200: 400).',
    `${docs}/crm/search-the-crm (Limitations: "The search endpoints are rate limited to five requests per second per account", "The maximum number of supported objects per page is 200"); https://developers.hubspot.com/docs/developer-tooling/platform/usage-guidelines (110 requests every 10 seconds per installing account, "This excludes the CRM Search API"; "Responses from the search API endpoints will not include" the rate-limit headers; a 429's policyName names the limit hit)`,
    'The 429 body of a search is not shown: the stand-in answers the general one with policyName SECONDLY and Retry-After 1.',
  ),
  rule(
    'contact-email-unique',
    'A contact\'s email is unique in the portal (matched without case): creating a contact, or giving one an address, that another live contact has answers 409 CONFLICT "Contact already exists. Existing ID: <id>" and writes nothing (a batch is refused whole).',
    `${contactsGuide} ("email is the primary unique identifier for contacts, to avoid duplicates"); ${docs}/error-handling (409 Conflict)`,
    'Giving an existing contact a taken address is refused with the same answer as a create.',
  ),
  rule(
    'unique-value-conflict',
    'A property created with hasUniqueValue takes each value once per object type: a create, update or upsert that gives a second record a value another live record holds answers 409 CONFLICT naming the existing id (context.existingId); an archived record frees its value.',
    `${propertiesGuide} (hasUniqueValue: "whether or not the property's value must be unique"; unique identifier properties); ${docs}/error-handling (409 Conflict)`,
    'The wording of the 409 is not documented: the stand-in names the property and the existing id.',
  ),
  rule(
    'contacts-merge',
    "POST /crm/v3/objects/contacts/merge {primaryObjectId, objectIdToMerge} makes a new contact with a new id from both (the primary's values win), lists both ids in hs_merged_object_ids, keeps the secondary's address in hs_additional_emails, moves both records' associations to it and answers 200 with it; merging a record with itself answers 400, an unknown id 404.",
    `${docs}/crm/objects/contacts/merge-contacts; ${mergeChangelog} ("a new record with a new ID will be created for the resulting merged record")`,
  ),
  rule(
    'merged-id-reads',
    'A read of an id merged away (GET one, batch read; an update by it too) answers with the record the merge made, under its own new id; the merged-away records are not listed or searched.',
    `${mergeChangelog} ("fetching any records using the original IDs will return the new merged record with the new ID")`,
    'The changelog speaks of reads; updates by an old id reach the merged record too, as both old ids "point to" it.',
  ),
  rule(
    'company-by-domain',
    'A company is created (single or batch create) with its name and domain, and a search with an EQ or IN filter on domain (lower-cased) finds it; a second company of the same domain is created too (the API keeps both), so a caller finds by domain before it creates. Companies need crm.objects.companies.read/write.',
    `${companiesGuide} ("include at least one of the following properties in your request: name or domain. It is recommended to always include domain, because domain names are the primary unique identifier to avoid duplicate companies"; scope requirements crm.objects.companies.read, crm.objects.companies.write)`,
    'The guide does not say the API refuses a second company of a domain; the stand-in makes it, as HubSpot does for API creates.',
  ),
  rule(
    'company-default-associations',
    "POST /crm/v4/associations/{contacts|deals}/companies/batch/associate/default associates each pair with the unlabeled default type (contact→company 279, deal→company 341) and its inverse, so reading the company's contacts or deals lists them; a pair naming an unknown record is reported in errors of a 207 Multi-Status answer.",
    `${associationsGuide} (Associate records without a label: "create a default association"); ${docs}/crm/associations/associations-v4/guide#association-type-id-values (279 contact to company unlabeled, 341 deal to company unlabeled)`,
  ),
  rule(
    'oauth-revoke',
    "POST /oauth/2026-03/token/revoke (form: client_id, client_secret, token, token_type_hint) revokes the refresh token and the access tokens minted from it and answers 200 with an empty body; a wrong client answers 400 BAD_CLIENT_ID / BAD_CLIENT_SECRET, an unknown, revoked or access token 400 BAD_REFRESH_TOKEN, in HubSpot's VALIDATION_ERROR body.",
    oauthSpec,
    'The spec gives only the error answer; unknown tokens are refused rather than ignored, and access tokens die with their refresh token.',
  ),
  rule(
    'oauth-v1-revoke',
    'DELETE /oauth/v1/refresh-tokens/{token} still revokes the refresh token (and its access tokens) and answers 204.',
    `${specs}/Auth/Oauth/Rollouts/155908/v1/oauth.json`,
  ),
  rule(
    'activity-needs-association',
    'Notes and tasks (POST /crm/v3/objects/notes|tasks, single or batch/create) are created with `associations` in the body (note→contact 202, note→deal 214, task→contact 204, task→deal 216); one created with none is refused with 400 VALIDATION_ERROR. They are written with the contacts scopes (a token without them answers 403).',
    `${docs}/crm/activities/notes/guide ("associations": "records to associate the note with"; note→contact 202, note→deal 214; "Scope requirements: crm.objects.contacts.write"); ${docs}/crm/activities/tasks/guide (task→contact 204, task→deal 216); ${docs}/crm/activities/notes/batch/create-notes`,
    'HubSpot stores a note created without associations, where no record shows it; the stand-in refuses it so a write that would be lost is seen.',
  ),
  rule(
    'owner-property-options',
    "hubspot_owner_id of contacts, deals, notes and tasks takes the id of one of the portal's owners (the stand-in has two: 71001 and 71002); any other value answers INVALID_OPTION.",
    `${docs}/crm/owners/guide ("owners are assigned to records through the hubspot_owner_id property")`,
  ),
];
