export declare const chromiumPath: string;
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
