/// The countries a shop ships to: ISO 3166-1 alpha-2 codes and their English short names (the
/// common name where there is one), as Debian's `iso-codes` lists them, sorted by name.
public enum Countries {
  /// Every country, by name.
  public static let all: [Country] = table.split(separator: "\n").map { line in
    let trimmed = line.drop(while: \.isWhitespace)
    return Country(code: String(trimmed.prefix(2)), name: String(trimmed.dropFirst(3)))
  }

  private static let byCode: [String: Country] = Dictionary(uniqueKeysWithValues: all.map { ($0.code, $0) })

  /// The country whose postal codes look like `postalCode`, among those whose shape is
  /// distinctive (the United States, Canada, the United Kingdom, Japan); the United States for
  /// any other. A first guess for a form, which the person can change.
  public static func likely(forPostalCode postalCode: String) -> String {
    ["US", "CA", "GB", "JP"].first { AddressRules.postalCode(postalCode, country: $0) == nil } ?? "US"
  }

  /// Other names people type for a country: its official or older English names, and its name in
  /// its own language and script. Searching the country list finds them too ("Republic of Korea",
  /// "대한민국" and "Korea" all find South Korea; "kor" finds it before North Korea).
  public static func aliases(of code: String) -> [String] {
    aliasTable[code.uppercased()] ?? []
  }

  private static let aliasTable: [String: [String]] = [
    "KR": ["Korea", "Republic of Korea", "Korea, Republic of", "대한민국", "한국", "남한"],
    "KP": ["Democratic People's Republic of Korea", "DPRK", "조선민주주의인민공화국", "북한"],
    "US": ["USA", "United States of America", "America", "미국"],
    "GB": ["UK", "United Kingdom of Great Britain and Northern Ireland", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland", "영국"],
    "JP": ["日本", "Nippon", "Nihon", "일본"],
    "CN": ["中国", "People's Republic of China", "Zhongguo", "중국"],
    "TW": ["臺灣", "台灣", "Republic of China", "대만"],
    "HK": ["香港"],
    "DE": ["Deutschland", "독일"],
    "FR": ["République française", "프랑스"],
    "ES": ["España", "스페인"],
    "IT": ["Italia", "이탈리아"],
    "NL": ["Holland", "Nederland", "네덜란드"],
    "CH": ["Schweiz", "Suisse", "Svizzera", "스위스"],
    "AT": ["Österreich", "오스트리아"],
    "MX": ["México", "멕시코"],
    "BR": ["Brasil", "브라질"],
    "RU": ["Russian Federation", "Россия", "러시아"],
    "VN": ["Việt Nam", "베트남"],
    "AE": ["UAE", "Emirates", "아랍에미리트"],
    "CA": ["캐나다"],
    "AU": ["호주", "Oz"],
    "IN": ["Bharat", "भारत", "인도"],
  ]

  /// The country whose alpha-2 code is `code` (any case), if there is one.
  public static func named(code: String) -> Country? {
    byCode[code.uppercased()]
  }

  private static let table = """
    AF Afghanistan
    AL Albania
    DZ Algeria
    AS American Samoa
    AD Andorra
    AO Angola
    AI Anguilla
    AQ Antarctica
    AG Antigua and Barbuda
    AR Argentina
    AM Armenia
    AW Aruba
    AU Australia
    AT Austria
    AZ Azerbaijan
    BS Bahamas
    BH Bahrain
    BD Bangladesh
    BB Barbados
    BY Belarus
    BE Belgium
    BZ Belize
    BJ Benin
    BM Bermuda
    BT Bhutan
    BO Bolivia
    BQ Bonaire, Sint Eustatius and Saba
    BA Bosnia and Herzegovina
    BW Botswana
    BV Bouvet Island
    BR Brazil
    IO British Indian Ocean Territory
    BN Brunei Darussalam
    BG Bulgaria
    BF Burkina Faso
    BI Burundi
    CV Cabo Verde
    KH Cambodia
    CM Cameroon
    CA Canada
    KY Cayman Islands
    CF Central African Republic
    TD Chad
    CL Chile
    CN China
    CX Christmas Island
    CC Cocos (Keeling) Islands
    CO Colombia
    KM Comoros
    CG Congo
    CD Congo, The Democratic Republic of the
    CK Cook Islands
    CR Costa Rica
    HR Croatia
    CU Cuba
    CW Curaçao
    CY Cyprus
    CZ Czechia
    CI Côte d'Ivoire
    DK Denmark
    DJ Djibouti
    DM Dominica
    DO Dominican Republic
    EC Ecuador
    EG Egypt
    SV El Salvador
    GQ Equatorial Guinea
    ER Eritrea
    EE Estonia
    SZ Eswatini
    ET Ethiopia
    FK Falkland Islands (Malvinas)
    FO Faroe Islands
    FJ Fiji
    FI Finland
    FR France
    GF French Guiana
    PF French Polynesia
    TF French Southern Territories
    GA Gabon
    GM Gambia
    GE Georgia
    DE Germany
    GH Ghana
    GI Gibraltar
    GR Greece
    GL Greenland
    GD Grenada
    GP Guadeloupe
    GU Guam
    GT Guatemala
    GG Guernsey
    GN Guinea
    GW Guinea-Bissau
    GY Guyana
    HT Haiti
    HM Heard Island and McDonald Islands
    VA Holy See (Vatican City State)
    HN Honduras
    HK Hong Kong
    HU Hungary
    IS Iceland
    IN India
    ID Indonesia
    IR Iran
    IQ Iraq
    IE Ireland
    IM Isle of Man
    IL Israel
    IT Italy
    JM Jamaica
    JP Japan
    JE Jersey
    JO Jordan
    KZ Kazakhstan
    KE Kenya
    KI Kiribati
    KW Kuwait
    KG Kyrgyzstan
    LA Laos
    LV Latvia
    LB Lebanon
    LS Lesotho
    LR Liberia
    LY Libya
    LI Liechtenstein
    LT Lithuania
    LU Luxembourg
    MO Macao
    MG Madagascar
    MW Malawi
    MY Malaysia
    MV Maldives
    ML Mali
    MT Malta
    MH Marshall Islands
    MQ Martinique
    MR Mauritania
    MU Mauritius
    YT Mayotte
    MX Mexico
    FM Micronesia, Federated States of
    MD Moldova
    MC Monaco
    MN Mongolia
    ME Montenegro
    MS Montserrat
    MA Morocco
    MZ Mozambique
    MM Myanmar
    NA Namibia
    NR Nauru
    NP Nepal
    NL Netherlands
    NC New Caledonia
    NZ New Zealand
    NI Nicaragua
    NE Niger
    NG Nigeria
    NU Niue
    NF Norfolk Island
    KP North Korea
    MK North Macedonia
    MP Northern Mariana Islands
    NO Norway
    OM Oman
    PK Pakistan
    PW Palau
    PS Palestine, State of
    PA Panama
    PG Papua New Guinea
    PY Paraguay
    PE Peru
    PH Philippines
    PN Pitcairn
    PL Poland
    PT Portugal
    PR Puerto Rico
    QA Qatar
    RO Romania
    RU Russian Federation
    RW Rwanda
    RE Réunion
    BL Saint Barthélemy
    SH Saint Helena, Ascension and Tristan da Cunha
    KN Saint Kitts and Nevis
    LC Saint Lucia
    MF Saint Martin (French part)
    PM Saint Pierre and Miquelon
    VC Saint Vincent and the Grenadines
    WS Samoa
    SM San Marino
    ST Sao Tome and Principe
    SA Saudi Arabia
    SN Senegal
    RS Serbia
    SC Seychelles
    SL Sierra Leone
    SG Singapore
    SX Sint Maarten (Dutch part)
    SK Slovakia
    SI Slovenia
    SB Solomon Islands
    SO Somalia
    ZA South Africa
    GS South Georgia and the South Sandwich Islands
    KR South Korea
    SS South Sudan
    ES Spain
    LK Sri Lanka
    SD Sudan
    SR Suriname
    SJ Svalbard and Jan Mayen
    SE Sweden
    CH Switzerland
    SY Syria
    TW Taiwan
    TJ Tajikistan
    TZ Tanzania
    TH Thailand
    TL Timor-Leste
    TG Togo
    TK Tokelau
    TO Tonga
    TT Trinidad and Tobago
    TN Tunisia
    TM Turkmenistan
    TC Turks and Caicos Islands
    TV Tuvalu
    TR Türkiye
    UG Uganda
    UA Ukraine
    AE United Arab Emirates
    GB United Kingdom
    US United States
    UM United States Minor Outlying Islands
    UY Uruguay
    UZ Uzbekistan
    VU Vanuatu
    VE Venezuela
    VN Vietnam
    VG Virgin Islands, British
    VI Virgin Islands, U.S.
    WF Wallis and Futuna
    EH Western Sahara
    YE Yemen
    ZM Zambia
    ZW Zimbabwe
    AX Åland Islands
    """
}
